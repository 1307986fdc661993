import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/** A month's playlist of the Noot vir Noot chart: one per calendar month (the unique index), made by an admin. */
@ObjectType('NootPlaylist', { description: "A month's playlist of the Noot vir Noot chart, made by an admin" })
@Entity('noot_playlists')
@Index('IDX_noot_playlists_month', ['year', 'month'], { unique: true })
export class NootPlaylist {
  @Field(() => ID, { description: "The playlist's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => String, { description: 'Its name' })
  @Column('varchar', { length: 100 })
  name: string;

  @Field(() => Int, { description: '1 to 12' })
  @Column('smallint')
  month: number;

  @Field(() => Int, { description: 'The year of its month' })
  @Column('smallint')
  year: number;

  @Column('uuid', { nullable: true })
  createdById: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by_id' })
  createdBy?: User;

  @Field(() => Date, { description: 'When it was created' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
