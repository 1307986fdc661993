import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { dateOnly } from '../../kernel/columns';
import { User } from '../users/user.entity';

/**
 * A job vacancy: posted for a business page by its owner (`businessId`), or on the job board by a member under
 * their own name (`businessId` null). The board lists the active ones whose deadline has not passed.
 */
@ObjectType({
  description: 'A job vacancy of a business page, or a job a member posted on the job board under their own name',
})
@Entity('job_vacancies')
@Index('IDX_job_vacancies_business', ['businessId', 'createdAt', 'id'])
@Index('IDX_job_vacancies_poster', ['posterId', 'createdAt', 'id'])
@Index('IDX_job_vacancies_board', ['createdAt', 'id'], { where: 'is_active' })
@Index('IDX_job_vacancies_board_type', ['jobType', 'createdAt', 'id'], { where: 'is_active' })
// Substring search on title and location (ILIKE '%...%'): trigram GIN indexes TypeORM cannot describe.
@Index('IDX_job_vacancies_title_trgm', { synchronize: false })
@Index('IDX_job_vacancies_location_trgm', { synchronize: false })
export class JobVacancy {
  @Field(() => ID, { description: "The vacancy's id" })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, {
    nullable: true,
    description: 'The business page it is posted for; null for a job a member posted under their own name',
  })
  @Column('uuid', { nullable: true })
  businessId: string | null;

  // By name: the businesses module owns the table; its rows are read here with plain SQL (job.loaders.ts).
  @ManyToOne('Business', { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'business_id' })
  business?: unknown;

  /** The member who posted it. */
  @Column('uuid')
  posterId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'poster_id' })
  poster?: User;

  @Field(() => String, { description: "The job's title" })
  @Column('varchar', { length: 200 })
  title: string;

  @Field(() => String, { nullable: true, description: 'The department, if given' })
  @Column('varchar', { length: 120, nullable: true })
  department: string | null;

  @Field(() => String, { description: 'Where the job is' })
  @Column('varchar', { length: 200 })
  location: string;

  @Field(() => String, { description: 'Full-time, Part-time, Contract, Internship or Remote' })
  @Column('varchar', { length: 20 })
  jobType: string;

  @Field(() => String, { nullable: true, description: 'Entry Level, Mid Level, Senior Level or Executive' })
  @Column('varchar', { length: 20, nullable: true })
  experienceLevel: string | null;

  @Field(() => String, { description: 'ISO code; ZAR unless chosen' })
  @Column('varchar', { length: 3, default: 'ZAR' })
  currency: string;

  @Field(() => String, { nullable: true, description: 'Free text, e.g. "25 000 - 35 000 per month"' })
  @Column('varchar', { length: 120, nullable: true })
  salaryRange: string | null;

  @Field(() => String, { description: 'What the job is' })
  @Column('text')
  description: string;

  @Field(() => String, { nullable: true, description: 'What applicants need, if given' })
  @Column('text', { nullable: true })
  requirements: string | null;

  @Field(() => String, { nullable: true, description: 'What the job involves, if given' })
  @Column('text', { nullable: true })
  responsibilities: string | null;

  @Field(() => String, { nullable: true, description: 'What the job offers, if given' })
  @Column('text', { nullable: true })
  benefits: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Last day to apply (YYYY-MM-DD); the board hides the vacancy after it',
  })
  @Column('date', { nullable: true, transformer: dateOnly })
  applicationDeadline: string | null;

  @Field(() => Boolean, { description: 'Whether it takes applications' })
  @Column('boolean', { default: true })
  isActive: boolean;

  @Field(() => Date, { description: 'When it was published' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
