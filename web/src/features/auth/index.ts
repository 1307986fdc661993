// What other parts of the app may use from this feature. Screens are lazy: each stays its own chunk.
import { lazy } from 'react';

export const LandingScreen = lazy(() => import('./LandingScreen'));
export const ChooseNameScreen = lazy(() => import('./ChooseNameScreen'));

/** A member without any name (a provider account that gave none) chooses one before using the app. */
export const needsName = (me: { firstName?: string | null; lastName?: string | null }) =>
  !me.firstName?.trim() && !me.lastName?.trim();
export { EmailConfirmBanner, useEmailConfirmationLink } from './EmailConfirmation';
