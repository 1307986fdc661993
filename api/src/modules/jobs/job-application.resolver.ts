import {
  Arg,
  Args,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../kernel/context';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { ApplicationStage, JobApplication } from './job-application.entity';
import { ApplyForJobInput } from './job-application.inputs';
import * as service from './job-application.service';
import { JobVacancy } from './job-vacancy.entity';

@ObjectType({ description: 'A page of JobApplication items; `pageInfo` leads to the next' })
export class JobApplicationConnection extends ConnectionType(JobApplication, 'JobApplication') {}

@Resolver(() => JobApplication)
export class JobApplicationResolver {
  @Authorized()
  @Query(() => JobApplicationConnection, { description: 'Your job applications, newest first' })
  myJobApplications(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return service.myApplications(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => JobApplicationConnection, {
    description: "A vacancy's applications, newest first (its owner only: the applicant tracking board)",
  })
  vacancyApplications(
    @Arg('vacancyId', () => ID) vacancyId: string,
    @Args(() => PageArgs) args: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return service.vacancyApplications(ctx.viewer, vacancyId, args);
  }

  @Authorized()
  @Mutation(() => JobApplication, {
    description: 'Applies for a job (once per job); the application starts at View Profile',
  })
  applyForJob(@Arg('input', () => ApplyForJobInput) input: ApplyForJobInput, @Ctx() ctx: Context) {
    return service.applyForJob(ctx.viewer, input);
  }

  @Authorized()
  @Mutation(() => JobApplication, {
    description: 'Moves an application to a stage (the vacancy owner; not once rejected)',
  })
  moveApplicationStage(
    @Arg('id', () => ID) id: string,
    @Arg('stage', () => ApplicationStage) stage: ApplicationStage,
    @Ctx() ctx: Context,
  ) {
    return service.moveStage(ctx.viewer, id, stage);
  }

  @Authorized()
  @Mutation(() => JobApplication, { description: "Saves the vacancy owner's notes on an application (non-blank)" })
  saveApplicationNotes(
    @Arg('id', () => ID) id: string,
    @Arg('notes', () => String) notes: string,
    @Ctx() ctx: Context,
  ) {
    return service.saveNotes(ctx.viewer, id, notes);
  }

  @Authorized()
  @Mutation(() => JobApplication, {
    description: 'Rejects an application with an optional reason; the applicant is notified',
  })
  rejectApplication(
    @Arg('id', () => ID) id: string,
    @Arg('rejectionReason', () => String, { nullable: true }) rejectionReason: string | null,
    @Ctx() ctx: Context,
  ) {
    return service.rejectApplication(ctx.viewer, id, rejectionReason);
  }

  @FieldResolver(() => JobVacancy, { nullable: true })
  vacancy(@Root() a: JobApplication, @Ctx() ctx: Context) {
    return ctx.loaders.jobs.byId.load(a.vacancyId);
  }

  @FieldResolver(() => Date, { description: 'When the member applied (createdAt)' })
  appliedAt(@Root() a: JobApplication) {
    return a.createdAt;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'The private download address of the CV (the applicant and the employer only), or null',
  })
  cvUrl(@Root() a: JobApplication) {
    return a.cvKey ? `/api/job-applications/${a.id}/cv` : null;
  }

  @FieldResolver(() => String, {
    description: 'What the applicant sees: pending, shortlisted, interviewing, accepted (offer and after) or rejected',
  })
  status(@Root() a: JobApplication) {
    return service.statusOf(a);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "The employer's feedback to the applicant (the rejection reason)",
  })
  feedback(@Root() a: JobApplication) {
    return a.rejectionReason;
  }

  @FieldResolver(() => ApplicationStage, {
    nullable: true,
    description:
      "Where the employer has it in the hiring pipeline: the employer's only, null for anyone else (the applicant " +
      'reads `status`)',
  })
  async stage(@Root() a: JobApplication, @Ctx() ctx: Context) {
    const { managerId } = await ctx.loaders.jobVacancyFacts.load(a.vacancyId);
    return ctx.viewer && managerId === ctx.viewer.id ? a.stage : null;
  }

  @FieldResolver(() => String, { nullable: true, description: "The employer's private notes: null for anyone else" })
  async notes(@Root() a: JobApplication, @Ctx() ctx: Context) {
    const { managerId } = await ctx.loaders.jobVacancyFacts.load(a.vacancyId);
    return ctx.viewer && managerId === ctx.viewer.id ? a.notes : null;
  }
}
