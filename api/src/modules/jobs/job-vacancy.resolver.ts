import {
  Arg,
  Args,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../kernel/context';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { draftJobText } from './job-draft';
import { JobVacancy } from './job-vacancy.entity';
import {
  CreateJobVacancyInput,
  JobDraft,
  JobDraftInput,
  JobListingsArgs,
  JobPostingBusiness,
} from './job-vacancy.inputs';
import * as service from './job-vacancy.service';

@ObjectType({ description: 'A page of JobVacancy items; `pageInfo` leads to the next' })
export class JobVacancyConnection extends ConnectionType(JobVacancy, 'JobVacancy') {}

@Resolver(() => JobVacancy)
export class JobVacancyResolver {
  @Authorized()
  @Query(() => JobVacancyConnection, {
    description:
      'The job board (status available: open vacancies, newest first, filtered on the server), or the jobs whose ' +
      'application of yours reached the Offer stage (upcoming)',
  })
  jobListings(@Args(() => JobListingsArgs) args: JobListingsArgs, @Ctx() ctx: Context) {
    return service.jobListings(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => Int, {
    description: 'Open vacancies others posted since you last opened the job board (the Jobs badge; counted up to 100)',
  })
  newJobsCount(@Ctx() ctx: Context) {
    return service.newJobsCount(ctx.viewer);
  }

  @Authorized()
  @Mutation(() => Int, {
    description: 'You opened the job board: what is posted until now is no longer new. Answers the new count after it',
  })
  markJobsSeen(@Ctx() ctx: Context) {
    return service.markJobsSeen(ctx.viewer);
  }

  @Authorized()
  @Query(() => JobVacancy, { nullable: true, description: 'One vacancy (a shared /jobs?id= link), or null' })
  jobVacancy(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return service.vacancyOrNull(ctx.viewer, id);
  }

  @Authorized()
  @Query(() => JobVacancyConnection, {
    description: "A business page's vacancies: all for its owner, the open ones for everyone else",
  })
  businessJobVacancies(
    @Arg('businessId', () => ID) businessId: string,
    @Args(() => PageArgs) args: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return service.businessVacancies(ctx.viewer, businessId, args);
  }

  @Authorized()
  @Query(() => [JobPostingBusiness], { description: 'Your business pages, to post a job for one of them' })
  myJobPostingBusinesses(@Ctx() ctx: Context) {
    return service.myJobPostingBusinesses(ctx.viewer);
  }

  @Authorized()
  @Mutation(() => JobVacancy, {
    description: 'Posts a vacancy for your business page, or under your own name without one',
  })
  createJobVacancy(@Arg('input', () => CreateJobVacancyInput) input: CreateJobVacancyInput, @Ctx() ctx: Context) {
    return service.createVacancy(ctx.viewer, input);
  }

  @Authorized()
  @Mutation(() => ID, { description: 'Deletes a vacancy with its applications (its owner only); answers its id' })
  async deleteJobVacancy(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    await service.deleteVacancy(ctx.viewer, id);
    return id;
  }

  @Authorized()
  @Mutation(() => JobDraft, {
    description:
      'Drafts description, requirements, responsibilities and benefits from the other fields (the AI helper)',
  })
  async generateJobDescription(@Arg('input', () => JobDraftInput) input: JobDraftInput, @Ctx() ctx: Context) {
    return draftJobText(input, ctx.log);
  }

  @FieldResolver(() => String, {
    description: "The business page's name, or the poster's name for a job posted under their own name",
  })
  async company(@Root() v: JobVacancy, @Ctx() ctx: Context) {
    return (await ctx.loaders.jobVacancyFacts.load(v.id)).company;
  }

  @FieldResolver(() => String, { nullable: true, description: "The business page's logo, or the poster's photo" })
  async companyLogo(@Root() v: JobVacancy, @Ctx() ctx: Context) {
    return (await ctx.loaders.jobVacancyFacts.load(v.id)).companyLogo;
  }

  @FieldResolver(() => String, { nullable: true, description: 'The salary range as the board shows it (salaryRange)' })
  salary(@Root() v: JobVacancy) {
    return v.salaryRange;
  }

  @FieldResolver(() => Date, { description: 'When it was posted (createdAt)' })
  postedAt(@Root() v: JobVacancy) {
    return v.createdAt;
  }

  @FieldResolver(() => Int, { description: 'How many members applied' })
  async applicantCount(@Root() v: JobVacancy, @Ctx() ctx: Context) {
    return (await ctx.loaders.jobVacancyFacts.load(v.id)).applicantCount;
  }

  @FieldResolver(() => Boolean, { description: 'You applied for it' })
  async viewerHasApplied(@Root() v: JobVacancy, @Ctx() ctx: Context) {
    return (await ctx.loaders.jobVacancyFacts.load(v.id)).viewerHasApplied;
  }

  @FieldResolver(() => Boolean, {
    description: 'You may delete it and see its applicants (the business page owner, or the member who posted it)',
  })
  async viewerCanManage(@Root() v: JobVacancy, @Ctx() ctx: Context) {
    return !!ctx.viewer && (await ctx.loaders.jobVacancyFacts.load(v.id)).managerId === ctx.viewer.id;
  }
}
