import { defineModule } from '../../kernel/module';
import { PostCheckinResolver, SavedCheckinResolver } from './checkin.resolver';
import { postCheckinFacts } from './checkin.facts';
import { checkinRest } from './checkin.rest';
import { SavedCheckin } from './saved-checkin.entity';

/** Check-ins: a post's place, saved by members. */
export const checkinsModule = defineModule({
  name: 'checkins',
  resolvers: [SavedCheckinResolver, PostCheckinResolver],
  entities: [SavedCheckin],
  facts: { postFacts: postCheckinFacts },
  rest: checkinRest,
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    saved_checkins: { member: ['member_id'] },
  },
});
