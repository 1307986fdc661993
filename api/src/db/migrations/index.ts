import { Extensions1763776800000 } from './1763776800000-Extensions';
import { Init1795313221868 } from './1795313221868-Init';
import { HomeFeed1795313602144 } from './1795313602144-HomeFeed';
import { FriendSuggestions1795404700000 } from './1795404700000-FriendSuggestions';
import { SessionEndedEvents1795490000000 } from './1795490000000-SessionEndedEvents';

/** Every migration, oldest first. `npm run migration:generate -w api -- Name` appends to this list. */
export const migrations = [Extensions1763776800000, Init1795313221868, HomeFeed1795313602144, FriendSuggestions1795404700000, SessionEndedEvents1795490000000];
