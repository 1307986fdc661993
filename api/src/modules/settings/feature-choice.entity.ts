import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * A member's choice to show or hide one optional feature in the sidebar: one row per member and feature (the
 * primary key, so a repeated or parallel toggle updates the row, never adds one). A feature without a row takes
 * its default (FEATURE_DEFAULTS).
 */
@Entity('member_feature_choices')
@Check(
  'CHK_member_feature_choices_feature',
  `"feature" IN ('klets', 'saffaRadar', 'dating', 'recipes', 'thingsToDoList', 'radio', 'nootVirNoot', 'jobs', ` +
    `'news', 'braggingRights')`,
)
export class FeatureChoice {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_member_feature_choices' })
  memberId: string;

  @PrimaryColumn('varchar', { length: 30, primaryKeyConstraintName: 'PK_member_feature_choices' })
  feature: string;

  @Column('boolean')
  enabled: boolean;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id', foreignKeyConstraintName: 'FK_member_feature_choices_member' })
  member?: User;
}
