import { SUGGESTED_FEATURE_LIMIT } from '../../lib/features';

export type TutorialPosition = 'center' | 'top' | 'bottom' | 'left' | 'right';

/** One step of the first-run tutorial (spec 000 section 3, "Tutorial step"). */
export interface TutorialStep {
  id: string;
  title: string;
  description: string;
  /**
   * CSS selectors of the element to highlight, tried in order; the shell marks its targets with data-tour
   * attributes. No target (or none found) centres the card.
   */
  target?: string[];
  position: TutorialPosition;
  /** A short hint of what to do next. */
  action?: string;
  /** The app goes to this path when the step shows. */
  path?: string;
  /**
   * What changes on a phone (below 768 px), where there is no sidebar, no Ctrl+B and no avatar menu: the menu
   * button at the top right and the bottom bar take their place.
   */
  mobile?: Partial<Pick<TutorialStep, 'title' | 'description' | 'target' | 'position' | 'action'>>;
}

const tour = (name: string) => `[data-tour="${name}"]`;

/** The nine steps of spec 000 section 4, in order. */
export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    id: 'welcome',
    title: 'Welcome to Saffa!',
    description:
      'Saffa is home for South Africans wherever you live: share your news, find local businesses, jobs and events, ' +
      "and stay in touch with your people. Let's take a one-minute tour.",
    position: 'center',
    action: 'Press Next to begin.',
  },
  {
    id: 'sidebar',
    title: 'Your navigation menu',
    description:
      'The sidebar takes you everywhere: Home, Business, Reels, Explore, Messages, Events, check-ins, the ' +
      'marketplace and groups. Collapse it to icons with Ctrl+B (Cmd+B on a Mac).',
    target: [tour('sidebar')],
    position: 'right',
    mobile: {
      title: 'Your menu',
      description:
        'Tap the menu button at the top right to go everywhere: Friends, Local Community Chats, Business Pages, ' +
        'Jobs, Events, Dating, Recipes, Radio, the marketplace and News. The bar at the bottom takes you to Home, ' +
        'Business, Reels, Explore and Messages.',
      target: [tour('mobile-menu')],
      position: 'bottom',
    },
  },
  {
    id: 'home-feed',
    title: 'Your home feed',
    description:
      'The latest posts, photos and check-ins from the community show up here, newest first. React with a Lekker, ' +
      'comment, or save a check-in to your Things to do list.',
    target: [tour('home-feed'), tour('nav-home')],
    position: 'bottom',
    path: '/',
  },
  {
    id: 'create-post',
    title: 'Share a post',
    description:
      "Tell the community what's happening: write a few words, add photos, a video or a document, or check in at a " +
      "place. Press Post when you're ready.",
    target: [tour('create-post')],
    position: 'bottom',
    action: 'Try posting a hello to the community.',
    path: '/',
  },
  {
    id: 'explore',
    title: 'Explore',
    description: 'Discover trending posts, people and places from South Africans all over the world.',
    target: [tour('explore'), tour('nav-explore')],
    position: 'bottom',
    mobile: {
      description:
        'Discover trending posts, people and places from South Africans all over the world. Explore is in the bar at ' +
        'the bottom.',
      target: [tour('bottom-explore')],
      position: 'top',
    },
    path: '/explore',
  },
  {
    id: 'messages',
    title: 'Messages',
    description: 'Chat privately with friends and other members. A badge shows when you have unread messages.',
    target: [tour('messages'), tour('nav-messages')],
    position: 'bottom',
    mobile: {
      description:
        'Chat privately with friends and other members. Messages is in the bar at the bottom; a badge shows when you ' +
        'have unread messages.',
      target: [tour('bottom-messages')],
      position: 'top',
    },
    path: '/messages',
  },
  {
    id: 'features',
    title: 'Pick your features',
    description:
      `Make Saffa yours: choose up to ${SUGGESTED_FEATURE_LIMIT} features, such as Local Community Chats, ` +
      `Dating, Recipes, Radio or Jobs, to keep in the My Features part of your sidebar. Change them any time in your ` +
      `profile settings.`,
    target: [tour('my-features')],
    position: 'right',
    mobile: {
      description:
        `Make Saffa yours: choose up to ${SUGGESTED_FEATURE_LIMIT} features, such as Local Community ` +
        `Chats, Dating, Recipes, Radio or Jobs. Change them any time in your profile settings: tap the menu button ` +
        `at the top right, then Settings.`,
      target: [tour('mobile-menu')],
      position: 'bottom',
    },
  },
  {
    id: 'profile',
    title: 'Your profile',
    description:
      'Open your avatar for your profile and settings: change your photo and cover, see your friends, keep documents ' +
      'in your vault and switch features on or off.',
    target: [tour('user-avatar')],
    position: 'left',
    mobile: {
      description:
        'Tap the menu button at the top right, then your name, for your profile and settings: change your photo and ' +
        'cover, see your friends, keep documents in your vault and switch features on or off.',
      target: [tour('mobile-menu')],
      position: 'bottom',
    },
  },
  {
    id: 'complete',
    title: "You're All Set!",
    description:
      'That is the tour. Enjoy connecting with the Saffa community. You can take it again any time with Restart ' +
      'tutorial in your profile menu.',
    position: 'center',
    action: 'Press Finish to start exploring.',
    mobile: {
      description:
        'That is the tour. Enjoy connecting with the Saffa community. You can take it again any time with Restart ' +
        'tutorial in the menu at the top right.',
    },
  },
];

export const TUTORIAL_STEP_COUNT = TUTORIAL_STEPS.length;

/** The step as this screen shows it: on a phone, with its mobile texts and targets. */
export function stepForViewport(step: TutorialStep, mobile: boolean): TutorialStep {
  return mobile && step.mobile ? { ...step, ...step.mobile } : step;
}
