import {
  Arg,
  Args,
  Authorized,
  Ctx,
  Extensions,
  Field,
  FieldResolver,
  ID,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import { SESSION_ONLY } from '../../kernel/access';
import type { Context } from '../../kernel/context';
import { IdempotencyKeyArg } from '../../kernel/idempotency';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { VaultDocument, VaultDocumentType } from './vault-document.entity';
import { VaultDocumentInput } from './vault.inputs';
import * as documents from './vault-documents.service';
import * as service from './vault.service';

@ObjectType({ description: "Where the signed-in member's vault stands in this session, with the vault's constants" })
export class VaultStatus {
  @Field(() => Boolean, { description: 'A vault password is set' })
  hasPassword: boolean;

  @Field(() => Boolean, { description: 'The vault is unlocked in this session' })
  unlocked: boolean;

  @Field(() => Date, { nullable: true, description: 'When this session’s unlock ends (it locks by itself then)' })
  unlockedUntil: Date | null;

  @Field(() => Int, { description: 'Shortest vault password (6)' })
  minPasswordLength: number;

  @Field(() => Int, { description: 'The reminder days a document gets by default (30)' })
  defaultReminderDays: number;

  @Field(() => Int, { description: 'Most reminder days a document may have (365)' })
  maxReminderDays: number;

  @Field(() => Int, { description: 'How long an unlock lasts, in minutes (15)' })
  unlockMinutes: number;

  @Field(() => [VaultDocumentType], { description: 'The document types, in the form’s order' })
  documentTypes: VaultDocumentType[];
}

@ObjectType({ description: 'A page of VaultDocument items; `pageInfo` leads to the next' })
export class VaultDocumentConnection extends ConnectionType(VaultDocument, 'VaultDocument') {}

const callerOf = (ctx: Context): service.VaultCaller => ({ viewer: ctx.viewer, sessionToken: ctx.sessionToken });

const status = (state: service.VaultState): VaultStatus => ({
  ...state,
  minPasswordLength: service.VAULT.minPasswordLength,
  defaultReminderDays: service.VAULT.defaultReminderDays,
  maxReminderDays: service.VAULT.maxReminderDays,
  unlockMinutes: service.VAULT.unlockMinutes,
  documentTypes: Object.values(VaultDocumentType),
});

@Resolver(() => VaultDocument)
export class VaultResolver {
  @Authorized()
  @Extensions(SESSION_ONLY)
  @Query(() => VaultStatus, { description: "The signed-in member's vault: password set, unlocked in this session" })
  async vault(@Ctx() ctx: Context) {
    return status(await service.vaultState(callerOf(ctx)));
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Query(() => VaultDocumentConnection, {
    description: "The signed-in member's vault documents, newest first; the vault must be unlocked",
  })
  vaultDocuments(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return documents.vaultDocuments(callerOf(ctx), args);
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => VaultStatus, {
    description: 'Sets the vault password (at least 6 characters), once; the vault opens for this session',
  })
  async setVaultPassword(@Arg('password', () => String) password: string, @Ctx() ctx: Context) {
    return status(await service.setVaultPassword(callerOf(ctx), password));
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => VaultStatus, {
    description: 'Unlocks the vault for this session for a short time; wrong passwords are rate limited',
  })
  async unlockVault(@Arg('password', () => String) password: string, @Ctx() ctx: Context) {
    return status(await service.unlockVault(callerOf(ctx), password));
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => VaultStatus, { description: 'Locks the vault in this session at once' })
  async lockVault(@Ctx() ctx: Context) {
    return status(await service.lockVault(callerOf(ctx)));
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => VaultStatus, {
    description:
      'Changes the vault password with the current one and re-encrypts every document under a new key; the documents ' +
      'stay readable with the new password only',
  })
  async changeVaultPassword(
    @Arg('currentPassword', () => String) currentPassword: string,
    @Arg('newPassword', () => String) newPassword: string,
    @Ctx() ctx: Context,
  ) {
    return status(await service.changeVaultPassword(callerOf(ctx), currentPassword, newPassword));
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => VaultDocument, { description: 'Adds a document to the unlocked vault; its file is stored encrypted' })
  addVaultDocument(
    @Arg('input', () => VaultDocumentInput) input: VaultDocumentInput,
    @IdempotencyKeyArg() idempotencyKey: string | null,
    @Ctx() ctx: Context,
  ) {
    return documents.addVaultDocument(callerOf(ctx), input, idempotencyKey);
  }

  @Authorized()
  @Extensions(SESSION_ONLY)
  @Mutation(() => ID, {
    description: 'Deletes a vault document and its file; its owner only, with the vault unlocked. Answers its id',
  })
  async deleteVaultDocument(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    await documents.deleteVaultDocument(callerOf(ctx), id);
    return id;
  }

  @FieldResolver(() => String, {
    description: 'Where the owner opens the decrypted file while the vault is unlocked (private, never cached)',
  })
  fileUrl(@Root() d: VaultDocument) {
    return `/api/vault/documents/${d.id}/file`;
  }

  @FieldResolver(() => Boolean, {
    description: "'Expiring Soon': not expired, and within its reminder days of the expiration date",
  })
  expiringSoon(@Root() d: VaultDocument) {
    return documents.isExpiringSoon(d);
  }

  @FieldResolver(() => Boolean, { description: 'The expiration date has passed' })
  expired(@Root() d: VaultDocument) {
    return documents.isExpired(d);
  }
}
