import { adminRest } from './modules/admin/admin.rest';
import { authRest } from './modules/auth/auth.rest';
import { braggingRest } from './modules/bragging/bragging.rest';
import { businessRest } from './modules/businesses/business.rest';
import { checkinRest } from './modules/checkins/checkin.rest';
import { commentRest } from './modules/comments/comment.rest';
import { groupRest } from './modules/groups/group.rest';
import { jobRest } from './modules/jobs/job.rest';
import { nootRest } from './modules/noot/noot.rest';
import { newsRest } from './modules/news/news.rest';
import { notificationRest } from './modules/notifications/notification.rest';
import { postRest } from './modules/posts/post.rest';
import { radarRest } from './modules/radar/radar.rest';
import { reactionRest } from './modules/reactions/reaction.rest';
import { recipeRest } from './modules/recipes/recipe.rest';
import { reelRest } from './modules/reels/reel.rest';
import { reportRest } from './modules/reports/report.rest';
import { userRest } from './modules/users/user.rest';
import type { RestRoute } from './rest/route';

/** Every documented /api path, gathered from the modules that own them. */
export const restRoutes: RestRoute[] = [
  ...authRest,
  ...userRest,
  ...postRest,
  ...reactionRest,
  ...commentRest,
  ...reportRest,
  ...checkinRest,
  ...notificationRest,
  ...adminRest,
  ...businessRest,
  ...jobRest,
  ...reelRest,
  ...nootRest,
  ...recipeRest,
  ...newsRest,
  ...groupRest,
  ...radarRest,
  ...braggingRest,
];
