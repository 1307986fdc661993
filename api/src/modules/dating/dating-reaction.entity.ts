import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DatingAlias } from './dating-alias.entity';

/** One alias's like, wink or pass on another: at most one per ordered pair (a unique index). */
@Entity('dating_reactions')
@Index('UQ_dating_reactions_pair', ['fromAliasId', 'toAliasId'], { unique: true })
@Index('IDX_dating_reactions_to', ['toAliasId'])
export class DatingReaction {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  fromAliasId: string;

  @ManyToOne(() => DatingAlias, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'from_alias_id' })
  from?: DatingAlias;

  @Column('uuid')
  toAliasId: string;

  @ManyToOne(() => DatingAlias, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'to_alias_id' })
  to?: DatingAlias;

  @Column('varchar', { length: 10 })
  kind: string;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
