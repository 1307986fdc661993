// What other parts of the app may use from the tutorial: the provider (it places the overlay) and its hooks.
export { TutorialProvider, useOptionalTutorial, useTutorial, type TutorialContextValue } from './TutorialProvider';
