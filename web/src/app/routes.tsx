import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingScreen } from '../shell/Screen';

type LazyScreen = LazyExoticComponent<ComponentType>;

const SignedInLayout = lazy(() => import('../shell/SignedInLayout'));
const LandingScreen = lazy(() => import('../features/auth/LandingScreen'));
const PrivacyScreen = lazy(() => import('../features/legal/PrivacyScreen'));
const TermsScreen = lazy(() => import('../features/legal/TermsScreen'));
const NotFoundScreen = lazy(() => import('../features/notfound/NotFoundScreen'));

export interface AppRoute {
  path: string;
  title: string;
  Screen: LazyScreen;
}

/** The signed-in route table of spec 000 section 2. Every screen is its own lazily loaded chunk. */
export const signedInRoutes: AppRoute[] = [
  { path: '/', title: 'Home', Screen: lazy(() => import('../features/feed/FeedScreen')) },
  { path: '/post/:id', title: 'Post', Screen: lazy(() => import('../features/feed/PostScreen')) },
  { path: '/business', title: 'Businesses', Screen: lazy(() => import('../features/business/BusinessScreen')) },
  { path: '/messages', title: 'Messages', Screen: lazy(() => import('../features/messages/MessagesScreen')) },
  { path: '/reels', title: 'Reels', Screen: lazy(() => import('../features/reels/ReelsScreen')) },
  { path: '/explore', title: 'Explore', Screen: lazy(() => import('../features/explore/ExploreScreen')) },
  { path: '/jobs', title: 'Jobs', Screen: lazy(() => import('../features/jobs/JobsScreen')) },
  { path: '/events', title: 'Events', Screen: lazy(() => import('../features/events/EventsScreen')) },
  { path: '/dating', title: 'Dating', Screen: lazy(() => import('../features/dating/DatingScreen')) },
  { path: '/recipes', title: 'Recipes', Screen: lazy(() => import('../features/recipes/RecipesScreen')) },
  { path: '/radio', title: 'Radio', Screen: lazy(() => import('../features/radio/RadioScreen')) },
  { path: '/noot-vir-noot', title: 'Noot vir Noot', Screen: lazy(() => import('../features/music/NootVirNootScreen')) },
  { path: '/things-to-do', title: 'Things to do', Screen: lazy(() => import('../features/checkins/ThingsToDoScreen')) },
  {
    path: '/discover-checkins',
    title: 'Discover Check-ins',
    Screen: lazy(() => import('../features/checkins/DiscoverCheckinsScreen')),
  },
  {
    path: '/discover-groups',
    title: 'Discover Groups',
    Screen: lazy(() => import('../features/groups/DiscoverGroupsScreen')),
  },
  { path: '/marketplace', title: 'Marketplace', Screen: lazy(() => import('../features/marketplace/MarketplaceScreen')) },
  { path: '/klets', title: 'Klets', Screen: lazy(() => import('../features/klets/KletsScreen')) },
  { path: '/news', title: 'News', Screen: lazy(() => import('../features/news/NewsScreen')) },
  { path: '/profile', title: 'Profile', Screen: lazy(() => import('../features/profile/ProfileScreen')) },
  {
    path: '/bragging-rights',
    title: 'Bragging Rights',
    Screen: lazy(() => import('../features/bragging/BraggingRightsScreen')),
  },
  {
    path: '/bragging-rights/championships/:id',
    title: 'Championship',
    Screen: lazy(() => import('../features/bragging/ChampionshipScreen')),
  },
  { path: '/saffa-radar', title: 'SAFFA Radar', Screen: lazy(() => import('../features/radar/SaffaRadarScreen')) },
  { path: '/admin', title: 'Admin Panel', Screen: lazy(() => import('../features/admin/AdminScreen')) },
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
