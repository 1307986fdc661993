import { ArgsType, Field, ID, InputType, ObjectType } from 'type-graphql';
import { ConnectionType, PageArgs } from '../../kernel/pagination';
import { Role, User } from '../users/user.entity';
import { AdminAuditEntry } from './admin-audit-entry.entity';

@ObjectType({ description: 'A page of AdminUser items; `pageInfo` leads to the next' })
export class AdminUserConnection extends ConnectionType(User, 'AdminUser') {}

@ObjectType({ description: 'A page of AdminAudit items; `pageInfo` leads to the next' })
export class AdminAuditConnection extends ConnectionType(AdminAuditEntry, 'AdminAudit') {}

@ArgsType()
export class AdminUsersArgs extends PageArgs {
  @Field(() => String, {
    nullable: true,
    description: 'Part of the first name, last name or e-mail (at most 100 characters)',
  })
  search?: string | null;
}

@ArgsType()
export class AdminAuditArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Only this action, such as user.update' })
  action?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only the actions of this admin' })
  actorId?: string | null;
}

@InputType({ description: "An admin's changes to a member; fields left out stay as they are" })
export class AdminUserInput {
  @Field(() => String, { nullable: true, description: 'At most 50 characters, not empty' })
  firstName?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 50 characters, not empty' })
  lastName?: string | null;

  @Field(() => String, { nullable: true, description: 'A valid e-mail address no other member has' })
  email?: string | null;

  @Field(() => Role, { nullable: true })
  role?: Role | null;
}
