import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DatingAlias } from './dating-alias.entity';

/** Two aliases that liked (or winked at) each other; the pair is stored once, the smaller id first. */
@ObjectType({ description: 'A mutual match between two aliases' })
@Entity('dating_matches')
@Index('UQ_dating_matches_pair', ['firstAliasId', 'secondAliasId'], { unique: true })
@Index('IDX_dating_matches_second', ['secondAliasId', 'createdAt', 'id'])
@Index('IDX_dating_matches_first', ['firstAliasId', 'createdAt', 'id'])
export class DatingMatch {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  firstAliasId: string;

  @ManyToOne(() => DatingAlias, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'first_alias_id' })
  firstAlias?: DatingAlias;

  @Column('uuid')
  secondAliasId: string;

  @ManyToOne(() => DatingAlias, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'second_alias_id' })
  secondAlias?: DatingAlias;

  /** Set by the service for the side that reads it: the other side's alias. */
  otherAliasId?: string;

  @Field(() => Date)
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  /** When one side unmatched, or blocked the other alias: the match leaves both lists and its chat takes no message. */
  @Field(() => Date, {
    nullable: true,
    description: 'When one side unmatched or blocked the other; its chat is closed for both from then on',
  })
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  endedAt: Date | null;
}
