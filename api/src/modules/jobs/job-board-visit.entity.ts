import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * When a member last opened the job board: vacancies posted after it are "new" (the Jobs badge of the mobile sheet).
 */
@Entity('job_board_visits')
export class JobBoardVisit {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_job_board_visits' })
  memberId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'member_id', foreignKeyConstraintName: 'FK_job_board_visits_member' })
  member?: User;

  @Column({ type: 'timestamptz', precision: 3 })
  seenAt: Date;
}
