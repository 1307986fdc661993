import { defineModule } from '../../kernel/module';
import { SearchKind } from '../search/search.kinds';
import { ReportKind } from '../reports/report.entity';
import { BusinessDirectoryResolver, BusinessResolver, BusinessReviewResolver } from './business.resolver';
import { BusinessFollow } from './business-follow.entity';
import { BusinessReview } from './business-review.entity';
import { Business } from './business.entity';
import { businessesDemo } from './business.demo';
import { businessLoaders } from './business.loaders';
import { businessRest } from './business.rest';
import { reviewReportable } from './review.reportable';

/** Business pages, their followers and reviews. */
export const businessesModule = defineModule({
  name: 'businesses',
  resolvers: [BusinessResolver, BusinessDirectoryResolver, BusinessReviewResolver],
  entities: [Business, BusinessFollow, BusinessReview],
  loaders: { businesses: businessLoaders },
  rest: businessRest,
  reportables: { [ReportKind.review]: reviewReportable },
  mediaColumns: [
    ['businesses', 'image_url'],
    ['businesses', 'cover_photo_url'],
    ['businesses', 'media'],
  ],
  demo: [businessesDemo],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    businesses: { member: ['owner_id'], media: ['media', 'image_url', 'cover_photo_url'] },
    business_follows: { member: ['member_id'] },
    business_reviews: { member: ['member_id'] },
  },
  searchKinds: [
    {
      kind: SearchKind.businesses,
      entity: Business,
      visible: 'true',
      fields: [{ sql: 't.name::text' }, { sql: 't.category' }],
    },
  ],
});
