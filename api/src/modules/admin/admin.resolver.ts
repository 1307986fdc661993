import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../kernel/context';
import { User } from '../users/user.entity';
import { AdminAuditEntry } from './admin-audit.entity';
import { adminAuditLog } from './admin-audit.service';
import { AdminAuditArgs, AdminAuditConnection, AdminUserConnection, AdminUserInput, AdminUsersArgs } from './admin.inputs';
import { adminDeleteUser, adminSetUserSuspended, adminUpdateUser, adminUsers } from './admin.service';

/** The admin panel's user management. Every operation is for admins only (the services check it). */
@Resolver()
export class AdminResolver {
  @Authorized()
  @Query(() => AdminUserConnection, { description: 'Admins only: members, newest first, optionally matching a name or e-mail' })
  adminUsers(@Args(() => AdminUsersArgs) args: AdminUsersArgs, @Ctx() ctx: Context) {
    return adminUsers(ctx.viewer, args);
  }

  @Authorized()
  @Mutation(() => User, { description: "Admins only: changes a member's names, e-mail or role" })
  adminUpdateUser(@Arg('id', () => ID) id: string, @Arg('input', () => AdminUserInput) input: AdminUserInput, @Ctx() ctx: Context) {
    return adminUpdateUser(ctx.viewer, id, input);
  }

  @Authorized()
  @Mutation(() => User, { description: 'Admins only: suspends a member (no sign-in, every session ends) or lifts it' })
  adminSetUserSuspended(@Arg('id', () => ID) id: string, @Arg('suspended', () => Boolean) suspended: boolean, @Ctx() ctx: Context) {
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
}

/** Whether a member is suspended: only admins see it (null for anyone else). */
@Resolver(() => User)
export class AdminUserFieldsResolver {
  @FieldResolver(() => Boolean, { nullable: true, description: 'Admins only: whether the member is suspended' })
  suspended(@Root() user: User, @Ctx() ctx: Context): boolean | null {
    return ctx.viewer?.role === 'admin' ? !!user.suspendedAt : null;
  }
}

@Resolver(() => AdminAuditEntry)
export class AdminAuditEntryResolver {
  @FieldResolver(() => String, { nullable: true, description: 'The changed values before the action, as JSON' })
  before(@Root() entry: AdminAuditEntry): string | null {
    return entry.before ? JSON.stringify(entry.before) : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'The values the action set, as JSON' })
  after(@Root() entry: AdminAuditEntry): string | null {
    return entry.after ? JSON.stringify(entry.after) : null;
  }
}
