import {
  Arg,
  Args,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  ID,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../kernel/context';
import { User } from '../users/user.entity';
import { AdminAuditEntry } from './admin-audit-entry.entity';
import { ADMIN_ACTIONS, isAdminAction, targetLabel } from './admin-actions';
import { adminAuditActions, adminAuditLog, auditTargetName } from './admin-audit.service';
import {
  AdminAuditArgs,
  AdminAuditConnection,
  AdminUserConnection,
  AdminUserInput,
  AdminUsersArgs,
} from './admin.inputs';
import { adminPolicy } from './admin.policy';
import { adminDeleteUser, adminSetUserSuspended, adminUpdateUser, adminUsers } from './admin.service';

/** An action the audit log can hold, as its filter offers it. */
@ObjectType({ description: 'An action the admin audit log can hold' })
export class AdminAuditAction {
  @Field(() => String, { description: 'Its name, for adminAuditLog(action:), such as user.suspend' })
  value: string;

  @Field(() => String, { description: 'What the Audit Log tab calls it, such as "User suspended"' })
  label: string;
}

/** The admin panel's user management. Every operation is for admins only (the services check it). */
@Resolver()
export class AdminResolver {
  @Authorized()
  @Query(() => AdminUserConnection, {
    description: 'Admins only: members, newest first, optionally matching a name or e-mail',
  })
  adminUsers(@Args(() => AdminUsersArgs) args: AdminUsersArgs, @Ctx() ctx: Context) {
    return adminUsers(ctx.viewer, args);
  }

  @Authorized()
  @Mutation(() => User, { description: "Admins only: changes a member's names, e-mail or role" })
  adminUpdateUser(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => AdminUserInput) input: AdminUserInput,
    @Ctx() ctx: Context,
  ) {
    return adminUpdateUser(ctx.viewer, id, input);
  }

  @Authorized()
  @Mutation(() => User, {
    description:
      'Admins only: suspends a member (no sign-in, every session ends, their reported open content removed, the rest ' +
      'hidden from others) or lifts it',
  })
  adminSetUserSuspended(
    @Arg('id', () => ID) id: string,
    @Arg('suspended', () => Boolean) suspended: boolean,
    @Ctx() ctx: Context,
  ) {
    return adminSetUserSuspended(ctx.viewer, id, suspended);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Admins only: deletes a member and everything that is theirs' })
  adminDeleteUser(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return adminDeleteUser(ctx.viewer, id);
  }

  @Authorized()
  @Query(() => AdminAuditConnection, { description: 'Admins only: the audit log of admin actions, newest first' })
  adminAuditLog(@Args(() => AdminAuditArgs) args: AdminAuditArgs, @Ctx() ctx: Context) {
    return adminAuditLog(ctx.viewer, args);
  }

  @Authorized()
  @Query(() => [AdminAuditAction], {
    description: "Admins only: every action the audit log can hold, with its label (the log's filter)",
  })
  adminAuditActions(@Ctx() ctx: Context): AdminAuditAction[] {
    return adminAuditActions(ctx.viewer);
  }
}

/** Whether a member is suspended: only admins see it (null for anyone else). */
@Resolver(() => User)
export class AdminUserFieldsResolver {
  @FieldResolver(() => Boolean, { nullable: true, description: 'Admins only: whether the member is suspended' })
  suspended(@Root() user: User, @Ctx() ctx: Context): boolean | null {
    return adminPolicy.canSeeSuspension(ctx.viewer) ? !!user.suspendedAt : null;
  }
}

@Resolver(() => AdminAuditEntry)
export class AdminAuditEntryResolver {
  @FieldResolver(() => String, { description: 'What was done, in words ("User suspended")' })
  actionLabel(@Root() entry: AdminAuditEntry): string {
    return isAdminAction(entry.action) ? ADMIN_ACTIONS[entry.action] : entry.action;
  }

  @FieldResolver(() => String, { description: 'What kind of thing was acted on, in words ("Member", "Recipe")' })
  targetLabel(@Root() entry: AdminAuditEntry): string {
    return targetLabel(entry.targetType);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "The target's name or title (a member's name, a recipe's first line), as it is now or, once it is gone, as the " +
      'entry recorded it',
  })
  targetName(@Root() entry: AdminAuditEntry, @Ctx() ctx: Context): Promise<string | null> {
    return auditTargetName(entry, ctx.loaders);
  }

  @FieldResolver(() => String, { nullable: true, description: 'The changed values before the action, as JSON' })
  before(@Root() entry: AdminAuditEntry): string | null {
    return entry.before ? JSON.stringify(entry.before) : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'The values the action set, as JSON' })
  after(@Root() entry: AdminAuditEntry): string | null {
    return entry.after ? JSON.stringify(entry.after) : null;
  }
}
