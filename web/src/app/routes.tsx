import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingScreen } from '../ui/Screen';
import { preloadable, type PreloadableComponent } from '../ui/preloadable';
import { AdminScreen } from '../features/admin';
import { LandingScreen } from '../features/auth';
import { BraggingRightsScreen, ChampionshipScreen } from '../features/bragging';
import { BusinessScreen } from '../features/businesses';
import { DiscoverCheckinsScreen, ThingsToDoScreen } from '../features/checkins';
import { DatingScreen } from '../features/dating';
import { EventsScreen } from '../features/events';
import { ExploreScreen } from '../features/explore';
import { FeedScreen, PostScreen } from '../features/feed';
import { DiscoverGroupsScreen, KletsScreen } from '../features/groups';
import { JobsScreen } from '../features/jobs';
import { PrivacyScreen, TermsScreen } from '../features/legal';
import { MarketplaceScreen } from '../features/marketplace';
import { MessagesScreen } from '../features/messages';
import { NootVirNootScreen } from '../features/noot';
import { NewsScreen } from '../features/news';
import { NotFoundScreen } from '../features/notfound';
import { ProfileScreen } from '../features/profile';
import { SaffaRadarScreen } from '../features/radar';
import { RadioScreen } from '../features/radio';
import { RecipesScreen } from '../features/recipes';
import { ReelsScreen } from '../features/reels';
import { SupportScreen } from '../features/support';

type LazyScreen = LazyExoticComponent<ComponentType> | PreloadableComponent;

const SignedInLayout = preloadable(() => import('../shell/SignedInLayout'));

/**
 * Loads the signed-in layout and the screen at `path` (when it is preloadable), so that the first render shows
 * them at once: main.tsx waits for it when the page carries a signed-in member's data (app/preload.ts).
 */
export function preloadSignedIn(path: string): Promise<unknown> {
  const screen = signedInRoutes.find((route) => route.path === path)?.Screen;
  return Promise.all([SignedInLayout.preload(), screen && 'preload' in screen ? screen.preload() : undefined]);
}

interface AppRoute {
  path: string;
  title: string;
  Screen: LazyScreen;
}

/**
 * The signed-in route table of spec 000 section 2. Every screen is its own lazily loaded chunk: each feature's
 * index.ts exports its screens as `lazy()` components (the home feed, the first screen, as a preloadable one).
 */
export const signedInRoutes: AppRoute[] = [
  { path: '/', title: 'Home', Screen: FeedScreen },
  { path: '/post/:id', title: 'Post', Screen: PostScreen },
  { path: '/business', title: 'Businesses', Screen: BusinessScreen },
  { path: '/messages', title: 'Messages', Screen: MessagesScreen },
  { path: '/reels', title: 'Reels', Screen: ReelsScreen },
  { path: '/explore', title: 'Explore', Screen: ExploreScreen },
  { path: '/jobs', title: 'Jobs', Screen: JobsScreen },
  { path: '/events', title: 'Events', Screen: EventsScreen },
  { path: '/dating', title: 'Dating', Screen: DatingScreen },
  { path: '/recipes', title: 'Recipes', Screen: RecipesScreen },
  { path: '/radio', title: 'Radio', Screen: RadioScreen },
  { path: '/noot-vir-noot', title: 'Noot vir Noot', Screen: NootVirNootScreen },
  { path: '/things-to-do', title: 'Things to do', Screen: ThingsToDoScreen },
  {
    path: '/discover-checkins',
    title: 'Discover Check-ins',
    Screen: DiscoverCheckinsScreen,
  },
  {
    path: '/discover-groups',
    title: 'Discover Groups',
    Screen: DiscoverGroupsScreen,
  },
  { path: '/marketplace', title: 'Marketplace', Screen: MarketplaceScreen },
  { path: '/klets', title: 'Klets', Screen: KletsScreen },
  { path: '/news', title: 'News', Screen: NewsScreen },
  { path: '/profile', title: 'Profile', Screen: ProfileScreen },
  { path: '/profile/:id', title: 'Profile', Screen: ProfileScreen },
  {
    path: '/bragging-rights',
    title: 'Bragging Rights',
    Screen: BraggingRightsScreen,
  },
  {
    path: '/bragging-rights/championships/:id',
    title: 'Championship',
    Screen: ChampionshipScreen,
  },
  { path: '/saffa-radar', title: 'SAFFA Radar', Screen: SaffaRadarScreen },
  { path: '/support', title: 'Contact support', Screen: SupportScreen },
  { path: '/admin', title: 'Admin Panel', Screen: AdminScreen },
];

/** Signed in: legal pages stand alone; everything else sits in the signed-in layout; unknown paths show 404. */
export function SignedInRoutes() {
  return (
    <Suspense fallback={<LoadingScreen fullHeight />}>
      <Routes>
        <Route path="/privacy" element={<PrivacyScreen />} />
        <Route path="/terms" element={<TermsScreen />} />
        <Route element={<SignedInLayout />}>
          {signedInRoutes.map(({ path, Screen }) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route path="*" element={<NotFoundScreen />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

/** Signed out: /privacy and /terms show their pages; every other path shows the landing screen. */
export function SignedOutRoutes() {
  return (
    <Suspense fallback={<LoadingScreen fullHeight />}>
      <Routes>
        <Route path="/privacy" element={<PrivacyScreen />} />
        <Route path="/terms" element={<TermsScreen />} />
        <Route path="*" element={<LandingScreen />} />
      </Routes>
    </Suspense>
  );
}
