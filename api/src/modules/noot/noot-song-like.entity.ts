import { CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../users/user.entity';
import { NootSong } from './noot-song.entity';

/** A member likes a song: once per member and song (the key). */
@Entity('noot_song_likes')
@Index(['memberId'])
export class NootSongLike {
  @PrimaryColumn('uuid')
  songId: string;

  @ManyToOne(() => NootSong, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'song_id' })
  song?: NootSong;

  @PrimaryColumn('uuid')
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id' })
  member?: User;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
