import { Extensions1763776800000 } from './1763776800000-Extensions';
import { Init1795313221868 } from './1795313221868-Init';
import { HomeFeed1795313602144 } from './1795313602144-HomeFeed';
import { FriendSuggestions1795404700000 } from './1795404700000-FriendSuggestions';
import { ShareOncePerMember1795407007384 } from './1795407007384-ShareOncePerMember';
import { IdempotencyKeys1795408119232 } from './1795408119232-IdempotencyKeys';
import { SessionEndedEvents1795490000000 } from './1795490000000-SessionEndedEvents';
import { EmailVerification1795500000000 } from './1795500000000-EmailVerification';
import { BroadcastsFanOutOnRead1795600000000 } from './1795600000000-BroadcastsFanOutOnRead';
import { BusinessPages1795710000000 } from './1795710000000-BusinessPages';
import { JobVacanciesAndApplications1795710000001 } from './1795710000001-JobVacanciesAndApplications';
import { EventsAndBookings1795710000020 } from './1795710000020-EventsAndBookings';
import { ReelUploadsAndLikes1795720000000 } from './1795720000000-ReelUploadsAndLikes';
import { Messages1795730000000 } from './1795730000000-Messages';
import { DatingAliasesReactionsMatches1795730000010 } from './1795730000010-DatingAliasesReactionsMatches';
import { RecipesReactionsCommentsShares1795740000000 } from './1795740000000-RecipesReactionsCommentsShares';
import { NootVirNoot1795740000100 } from './1795740000100-NootVirNoot';
import { GroupsMembersChat1795750000000 } from './1795750000000-GroupsMembersChat';
import { MarketplaceListings1795750000100 } from './1795750000100-MarketplaceListings';
import { SearchTrigramIndexes1795750000200 } from './1795750000200-SearchTrigramIndexes';
import { MemberFollows1795750000300 } from './1795750000300-MemberFollows';
import { Profile1795760100000 } from './1795760100000-Profile';
import { DocumentVault1795760200000 } from './1795760200000-DocumentVault';
import { FeatureChoicesAndRadar1795760300000 } from './1795760300000-FeatureChoicesAndRadar';
import { GroupLastRead1795760400000 } from './1795760400000-GroupLastRead';
import { UserBlocks1795770000000 } from './1795770000000-UserBlocks';
import { AccountDeletionKeys1795770100000 } from './1795770100000-AccountDeletionKeys';
import { BraggingRights1795770300000 } from './1795770300000-BraggingRights';
import { JobBoardVisits1795770400000 } from './1795770400000-JobBoardVisits';
import { AdminPanel1795770500000 } from './1795770500000-AdminPanel';
import { BlocksInMarketplace1795770600000 } from './1795770600000-BlocksInMarketplace';
import { ReportsForEveryKind1795780000000 } from './1795780000000-ReportsForEveryKind';
import { SupportInbox1795780100000 } from './1795780100000-SupportInbox';
import { NootPendingQueue1795780200000 } from './1795780200000-NootPendingQueue';
import { AccessTokens1795790000000 } from './1795790000000-AccessTokens';
import { CostBudgets1795790100000 } from './1795790100000-CostBudgets';
import { Webhooks1795800000000 } from './1795800000000-Webhooks';
import { DatingSafety1795810000000 } from './1795810000000-DatingSafety';
import { LocationPrecision1795820000000 } from './1795820000000-LocationPrecision';
import { AccountAccess1795840000000 } from './1795840000000-AccountAccess';
import { FileNamesOfDetectedType1795860000000 } from './1795860000000-FileNamesOfDetectedType';
import { TwoFactorSignIn1795870000000 } from './1795870000000-TwoFactorSignIn';
import { SuspendedMembersHidden1795880000000 } from './1795880000000-SuspendedMembersHidden';
import { MemberIdColumns1795930000000 } from './1795930000000-MemberIdColumns';

/** Every migration, oldest first. `npm run migration:generate -w api -- Name` appends to this list. */
export const migrations = [
  Extensions1763776800000,
  Init1795313221868,
  HomeFeed1795313602144,
  FriendSuggestions1795404700000,
  ShareOncePerMember1795407007384,
  IdempotencyKeys1795408119232,
  SessionEndedEvents1795490000000,
  EmailVerification1795500000000,
  BroadcastsFanOutOnRead1795600000000,
  BusinessPages1795710000000,
  JobVacanciesAndApplications1795710000001,
  EventsAndBookings1795710000020,
  ReelUploadsAndLikes1795720000000,
  Messages1795730000000,
  DatingAliasesReactionsMatches1795730000010,
  RecipesReactionsCommentsShares1795740000000,
  NootVirNoot1795740000100,
  GroupsMembersChat1795750000000,
  MarketplaceListings1795750000100,
  SearchTrigramIndexes1795750000200,
  MemberFollows1795750000300,
  Profile1795760100000,
  DocumentVault1795760200000,
  FeatureChoicesAndRadar1795760300000,
  GroupLastRead1795760400000,
  UserBlocks1795770000000,
  AccountDeletionKeys1795770100000,
  BraggingRights1795770300000,
  JobBoardVisits1795770400000,
  AdminPanel1795770500000,
  BlocksInMarketplace1795770600000,
  ReportsForEveryKind1795780000000,
  SupportInbox1795780100000,
  NootPendingQueue1795780200000,
  AccessTokens1795790000000,
  CostBudgets1795790100000,
  Webhooks1795800000000,
  DatingSafety1795810000000,
  LocationPrecision1795820000000,
  AccountAccess1795840000000,
  FileNamesOfDetectedType1795860000000,
  TwoFactorSignIn1795870000000,
  SuspendedMembersHidden1795880000000,
  MemberIdColumns1795930000000,
];
