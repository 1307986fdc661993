import { Field, InputType, Int } from 'type-graphql';

/**
 * The Add Document to Vault form (spec 002 "Vault document"). Optional here so the service answers the spec's message.
 */
@InputType({ description: 'A document to add to the vault' })
export class VaultDocumentInput {
  @Field(() => String, { nullable: true, description: 'passport, visa, id, license or other; required' })
  documentType?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The name the member gives it; required, at most 120 characters',
  })
  documentName?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; optional' })
  expirationDate?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Days before the expiration date to be reminded, 0 to 365 (default 30)',
  })
  reminderDays?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'The file: an image (at most 5 MB) or a PDF (at most 10 MB), as a base64 data URL; required',
  })
  file?: string | null;
}
