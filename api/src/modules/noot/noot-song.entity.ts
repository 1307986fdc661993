import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { NootPlaylist } from './noot-playlist.entity';

/** A song of a monthly playlist: its mp3 and optional cover in the media store, its approval, plays and likes. */
@ObjectType('NootSong', { description: 'A song in the Noot vir Noot chart' })
@Entity('noot_songs')
// The chart of a playlist: most liked, then most played, read in order from the index.
@Index('IDX_noot_songs_chart', ['playlistId', 'likeCount', 'playCount', 'createdAt', 'id'])
// The admin panel's queue of pending uploads across playlists, oldest first.
@Index('IDX_noot_songs_pending', ['createdAt', 'id'], { where: 'NOT is_admin_approved' })
@Index(['uploaderId'])
export class NootSong {
  @Field(() => ID, { description: "The song's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, { description: 'The id of its playlist' })
  @Column('uuid')
  playlistId: string;

  @ManyToOne(() => NootPlaylist, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'playlist_id' })
  playlist?: NootPlaylist;

  @Column('uuid')
  uploaderId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'uploader_id' })
  uploader?: User;

  @Field(() => String, { description: 'Its title' })
  @Column('varchar', { length: 200 })
  title: string;

  @Field(() => String, { description: 'Who performs it' })
  @Column('varchar', { length: 200 })
  artist: string;

  @Field(() => String, { nullable: true, description: 'Its album, if given' })
  @Column('varchar', { length: 200, nullable: true })
  album: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The cover (a 500x500 rendition is suggested) in the media store',
  })
  @Column('text', { nullable: true })
  coverImageUrl: string | null;

  @Field(() => String, { description: 'The mp3 in the media store, served with range requests' })
  @Column('text')
  songFileUrl: string;

  /** Every stored file of the song (the mp3, the cover and its renditions): removed with it. */
  @Column('jsonb', { default: () => "'[]'" })
  files: string[];

  @Field(() => Boolean, { description: 'Approved songs are public and can be liked; others show Pending Approval' })
  @Column('boolean', { default: false })
  isAdminApproved: boolean;

  @Field(() => Int, { description: 'How many times it was played' })
  @Column('int', { default: 0 })
  playCount: number;

  @Field(() => Int, { description: 'How many members like it' })
  @Column('int', { default: 0 })
  likeCount: number;

  @Field(() => Date, { description: 'When it was added' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
