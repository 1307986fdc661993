import { ArgsType, Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { PageArgs } from '../../kernel/pagination';

/**
 * What the AI helper drafts from: the vacancy's own fields (requirements and responsibilities to build on, if written).
 */
@InputType()
export class JobDraftInput {
  @Field(() => String, { nullable: true, description: 'Required' })
  title?: string | null;

  @Field(() => String, { nullable: true })
  department?: string | null;

  @Field(() => String, { nullable: true, description: 'Required' })
  location?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Required: Full-time, Part-time, Contract, Internship or Remote (case and dashes do not matter)',
  })
  jobType?: string | null;

  @Field(() => String, { nullable: true, description: 'Entry Level, Mid Level, Senior Level or Executive' })
  experienceLevel?: string | null;

  @Field(() => String, { nullable: true })
  requirements?: string | null;

  @Field(() => String, { nullable: true })
  responsibilities?: string | null;
}

/**
 * A new vacancy (spec 001 section 3 "Job vacancy"). Text fields are optional in the schema so that the service
 * answers the spec's own messages ("Title is required", ...) rather than a schema error.
 */
@InputType()
export class CreateJobVacancyInput extends JobDraftInput {
  @Field(() => ID, {
    nullable: true,
    description: 'The business page to post for (its owner only); none posts under your own name',
  })
  businessId?: string | null;

  @Field(() => String, { nullable: true, description: 'ZAR (default), USD, EUR, GBP, AUD, CAD, JPY or INR' })
  currency?: string | null;

  @Field(() => String, { nullable: true, description: 'Free text' })
  salaryRange?: string | null;

  @Field(() => String, { nullable: true, description: 'Required, at least 10 characters' })
  description?: string | null;

  @Field(() => String, { nullable: true })
  benefits?: string | null;

  @Field(() => String, { nullable: true, description: 'Last day to apply, YYYY-MM-DD' })
  applicationDeadline?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Listed on the job board; default true' })
  isActive?: boolean | null;
}

@ObjectType({ description: 'Job text drafted by the AI helper' })
export class JobDraft {
  @Field(() => String)
  description: string;

  @Field(() => String)
  requirements: string;

  @Field(() => String)
  responsibilities: string;

  @Field(() => String)
  benefits: string;
}

export enum JobListingStatus {
  available = 'available',
  upcoming = 'upcoming',
}
registerEnumType(JobListingStatus, {
  name: 'JobListingStatus',
  description: 'available: the job board; upcoming: the jobs whose application of yours reached the Offer stage',
});

/** The job board's filters, all applied on the server (spec 001 section 4 "Job board filters"). */
@ArgsType()
export class JobBoardArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Case-insensitive substring of the title or the company' })
  search?: string | null;

  @Field(() => String, { nullable: true, description: 'Case-insensitive substring of the location' })
  location?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Exact job type (Full-time, Part-time, Contract, Internship, Remote); none for all types',
  })
  type?: string | null;
}

@ArgsType()
export class JobListingsArgs extends JobBoardArgs {
  @Field(() => JobListingStatus, { defaultValue: JobListingStatus.available })
  status: JobListingStatus;
}

@ObjectType({ description: 'A business page of yours that you may post jobs for' })
export class JobPostingBusiness {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;
}
