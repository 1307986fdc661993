import { defineModule } from '../../kernel/module';
import { notBlockedSql } from '../blocks/block.service';
import { memberName, SearchKind } from '../search/search.kinds';
import { ProfileResolver } from './profile.resolver';
import { UserResolver } from './user.resolver';
import { profilesDemo } from './profile.demo';
import { usersDemo } from './user.demo';
import { User } from './user.entity';
import { userLoaders } from './user.loaders';
import { userRest } from './user.rest';

/** Members and their profiles. */
export const usersModule = defineModule({
  name: 'users',
  resolvers: [UserResolver, ProfileResolver],
  entities: [User],
  loaders: { users: userLoaders },
  rest: userRest,
  mediaColumns: [
    ['users', 'profile_image_url'],
    // A member's cover, and every file their avatar and cover stored (the renditions).
    ['users', 'cover_image_url'],
    ['users', 'profile_media'],
  ],
  // Members first; their profiles' photos and pinned posts once the marketplace's part (and those before it) loaded.
  demo: [usersDemo, { ...profilesDemo, after: ['marketplace'] }],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    users: {
      member: ['id'],
      omit: ['password_hash'],
      media: ['profile_image_url', 'cover_image_url', 'profile_media'],
    },
  },
  // Never a member either side of a block with the viewer.
  searchKinds: [
    {
      kind: SearchKind.people,
      entity: User,
      visible: 'true',
      visibleTo: (viewer) => notBlockedSql(viewer, 't.id'),
      fields: [{ sql: memberName('t') }],
    },
  ],
});
