import { defineModule } from '../../kernel/module';
import { SearchKind } from '../search/search.kinds';
import { ReportKind } from '../reports/report.entity';
import {
  GroupConnectionResolver,
  GroupJoinRequestResolver,
  GroupMembershipResolver,
  GroupMessageResolver,
  GroupResolver,
} from './group.resolver';
import { GroupFavorite } from './group-favorite.entity';
import { GroupJoinRequest } from './group-join-request.entity';
import { GroupMember } from './group-member.entity';
import { GroupMessage } from './group-message.entity';
import { Group } from './group.entity';
import { groupsDemo } from './group.demo';
import { memberGroupFacts } from './group.facts';
import { groupLoaders } from './group.loaders';
import { groupMessageReportable, groupReportable } from './group.reportable';
import { groupRest } from './group.rest';

/** Groups, their members, join requests, favourites and chat. */
export const groupsModule = defineModule({
  name: 'groups',
  resolvers: [
    GroupResolver,
    GroupConnectionResolver,
    GroupMembershipResolver,
    GroupJoinRequestResolver,
    GroupMessageResolver,
  ],
  entities: [Group, GroupMember, GroupJoinRequest, GroupFavorite, GroupMessage],
  loaders: { groups: groupLoaders },
  facts: { memberFacts: memberGroupFacts },
  rest: groupRest,
  reportables: { [ReportKind.group]: groupReportable, [ReportKind.groupMessage]: groupMessageReportable },
  // A group's image and every file it stored (its renditions).
  mediaColumns: [
    ['groups', 'image_url'],
    ['groups', 'media'],
  ],
  demo: [groupsDemo],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    groups: { member: ['creator_id'], media: ['image_url', 'media'] },
    group_members: { member: ['member_id'] },
    group_favorites: { member: ['member_id'] },
    group_join_requests: { member: ['member_id'] },
    group_messages: { member: ['sender_id'] },
  },
  searchKinds: [
    {
      kind: SearchKind.groups,
      entity: Group,
      visible: 'true',
      fields: [{ sql: 't.name' }, { sql: 't.type' }, { sql: 't.location_name' }],
    },
  ],
});
