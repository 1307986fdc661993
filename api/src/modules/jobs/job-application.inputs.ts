import { Field, ID, InputType } from 'type-graphql';

/**
 * An application (spec 001 section 3 "Job application (submission)"), tied to a vacancy by `vacancyId`; the spec's
 * `jobTitle` and `companyName` find it when no id is given and exactly one open vacancy matches.
 */
@InputType()
export class ApplyForJobInput {
  @Field(() => ID, { nullable: true, description: 'The vacancy applied for' })
  vacancyId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'With companyName, finds the vacancy when no vacancyId is given',
  })
  jobTitle?: string | null;

  @Field(() => String, { nullable: true })
  companyName?: string | null;

  @Field(() => String, { nullable: true, description: 'Required' })
  fullName?: string | null;

  @Field(() => String, { nullable: true, description: 'Required' })
  email?: string | null;

  @Field(() => String, { nullable: true })
  phone?: string | null;

  @Field(() => String, { nullable: true, description: 'A link to a résumé' })
  resume?: string | null;

  @Field(() => String, { nullable: true })
  coverLetter?: string | null;

  @Field(() => String, { nullable: true })
  linkedIn?: string | null;

  @Field(() => String, { nullable: true })
  portfolio?: string | null;

  @Field(() => String, { nullable: true, description: 'The name of the attached CV file' })
  cvFileName?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The CV as a data URL: PDF, DOC or DOCX (by its bytes), at most 5 MB',
  })
  cvFileData?: string | null;
}
