import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { User } from '../users/user.entity';
import { JobVacancy } from './job-vacancy.entity';

/** The hiring pipeline, in order (spec 001 section 4). */
export enum ApplicationStage {
  view_profile = 'view_profile',
  shortlisted = 'shortlisted',
  interviewing = 'interviewing',
  offer = 'offer',
  visa_application = 'visa_application',
}
registerEnumType(ApplicationStage, {
  name: 'ApplicationStage',
  description: 'Where an application is in the hiring pipeline',
});

/** An application for a vacancy: one per member and vacancy, entering the pipeline at View Profile. */
@ObjectType({ description: "A member's application for a job vacancy" })
@Entity('job_applications')
@Index('UQ_job_applications_vacancy_applicant', ['vacancyId', 'applicantId'], { unique: true })
@Index('IDX_job_applications_vacancy', ['vacancyId', 'createdAt', 'id'])
@Index('IDX_job_applications_applicant', ['applicantId', 'createdAt', 'id'])
export class JobApplication {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID)
  @Column('uuid')
  vacancyId: string;

  @ManyToOne(() => JobVacancy, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'vacancy_id' })
  vacancy?: JobVacancy;

  @Column('uuid')
  applicantId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'applicant_id' })
  applicant?: User;

  @Field(() => String, { description: 'The name the applicant gave' })
  @Column('varchar', { length: 200 })
  applicantName: string;

  @Field(() => String)
  @Column('varchar', { length: 254 })
  applicantEmail: string;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 40, nullable: true })
  applicantPhone: string | null;

  @Field(() => String, { nullable: true, description: 'A link to a résumé the applicant gave' })
  @Column('varchar', { length: 500, nullable: true })
  resumeUrl: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 500, nullable: true })
  linkedinUrl: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 500, nullable: true })
  portfolioUrl: string | null;

  @Field(() => String, { nullable: true })
  @Column('text', { nullable: true })
  coverLetter: string | null;

  @Field(() => String, { nullable: true, description: 'The name of the attached CV file' })
  @Column('varchar', { length: 255, nullable: true })
  cvFileName: string | null;

  /** Where the CV lies in the private store (never a public URL). */
  @Column('varchar', { length: 200, nullable: true })
  cvKey: string | null;

  /** pdf, doc or docx, read from the file's bytes. */
  @Column('varchar', { length: 10, nullable: true })
  cvType: string | null;

  /** Where the hiring side has the application; shown to them only (a field resolver: the applicant reads `status`). */
  @Column('varchar', { length: 20, default: ApplicationStage.view_profile })
  stage: ApplicationStage;

  /** The hiring side's notes; shown to them only (a field resolver). */
  @Column('text', { nullable: true })
  notes: string | null;

  @Field(() => Boolean)
  @Column('boolean', { default: false })
  isRejected: boolean;

  @Field(() => String, { nullable: true })
  @Column('text', { nullable: true })
  rejectionReason: string | null;

  @Field(() => Date, { description: 'When the member applied' })
  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}
