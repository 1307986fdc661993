import type { IconType } from 'react-icons';
import {
  LuBriefcase,
  LuCalendar,
  LuChefHat,
  LuClapperboard,
  LuCompass,
  LuHeart,
  LuHouse,
  LuListChecks,
  LuMapPin,
  LuMessageCircle,
  LuMessagesSquare,
  LuMusic,
  LuNewspaper,
  LuRadar,
  LuRadio,
  LuShoppingBag,
  LuStore,
  LuTrophy,
  LuUsers,
} from 'react-icons/lu';
import type { FeatureKey } from '../lib/features';

interface NavItem {
  to: string;
  label: string;
  icon: IconType;
}

interface FeatureNavItem extends NavItem {
  feature: FeatureKey;
}

/** The five main items of the top bar and the mobile bottom bar. */
export const MAIN_ITEMS: NavItem[] = [
  { to: '/', label: 'Home', icon: LuHouse },
  { to: '/business', label: 'Business', icon: LuStore },
  { to: '/reels', label: 'Reels', icon: LuClapperboard },
  { to: '/explore', label: 'Explore', icon: LuCompass },
  { to: '/messages', label: 'Messages', icon: LuMessageCircle },
];

/** The sidebar's main menu, in the spec's order. */
export const SIDEBAR_ITEMS: NavItem[] = [
  { to: '/', label: 'Home', icon: LuHouse },
  { to: '/business', label: 'Business', icon: LuStore },
  { to: '/reels', label: 'Reels', icon: LuClapperboard },
  { to: '/explore', label: 'Explore', icon: LuCompass },
  { to: '/messages', label: 'Messages', icon: LuMessageCircle },
  { to: '/events', label: 'Events', icon: LuCalendar },
  { to: '/discover-checkins', label: 'Discover Check-ins', icon: LuMapPin },
  { to: '/marketplace', label: 'Marketplace', icon: LuShoppingBag },
  { to: '/discover-groups', label: 'Discover Groups', icon: LuUsers },
];

/** The sidebar's "My Features" group; each entry shows only when its feature is enabled. */
const FEATURE_ITEMS: FeatureNavItem[] = [
  { feature: 'klets', to: '/klets', label: 'Local Community Chats', icon: LuMessagesSquare },
  { feature: 'saffaRadar', to: '/saffa-radar', label: 'SAFFA Radar', icon: LuRadar },
  { feature: 'dating', to: '/dating', label: 'Dating', icon: LuHeart },
  { feature: 'recipes', to: '/recipes', label: 'Recipes', icon: LuChefHat },
  { feature: 'thingsToDoList', to: '/things-to-do', label: 'Things to do', icon: LuListChecks },
  { feature: 'radio', to: '/radio', label: 'Radio', icon: LuRadio },
  { feature: 'nootVirNoot', to: '/noot-vir-noot', label: 'Noot vir Noot', icon: LuMusic },
  { feature: 'jobs', to: '/jobs', label: 'Jobs', icon: LuBriefcase },
  { feature: 'news', to: '/news', label: 'News', icon: LuNewspaper },
  { feature: 'braggingRights', to: '/bragging-rights', label: 'Bragging Rights', icon: LuTrophy },
];

/**
 * Entries of the mobile sheet, in the spec's order (Friends: see MobileSheet). The spec's Radio entry opens the
 * radio player: MobileSheet shows it as a button when the player is there (the /radio link otherwise).
 */
export const SHEET_ITEMS: NavItem[] = [
  { to: '/', label: 'Home', icon: LuHouse },
  { to: '/klets', label: 'Local Community Chats', icon: LuMessagesSquare },
  { to: '/business', label: 'Business Pages', icon: LuStore },
  { to: '/jobs', label: 'Jobs', icon: LuBriefcase },
  { to: '/events', label: 'Events', icon: LuCalendar },
  { to: '/dating', label: 'Dating', icon: LuHeart },
  { to: '/recipes', label: 'Recipes', icon: LuChefHat },
  { to: '/radio', label: 'Radio', icon: LuRadio },
  { to: '/marketplace', label: 'Marketplace', icon: LuShoppingBag },
  { to: '/news', label: 'News', icon: LuNewspaper },
];

/** Where Settings lives: the profile's Settings tab (spec 002, profile tabs; the tab is kept in the URL). */
export const SETTINGS_PATH = '/profile?tab=settings';

/** Filters the "My Features" entries by the member's preference. */
export function enabledFeatureItems(isEnabled: (key: FeatureKey) => boolean): FeatureNavItem[] {
  return FEATURE_ITEMS.filter((item) => isEnabled(item.feature));
}
