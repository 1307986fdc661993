// What other parts of the app may use from this feature. Screens are lazy: each stays its own chunk.
import { lazy } from 'react';

export const JobsScreen = lazy(() => import('./JobsScreen'));
/** The business detail dialog's Jobs tab (rendered by the business feature). */
export { BusinessJobsTab, type BusinessJobsTabProps } from './BusinessJobsTab';
/** The job application dialog (Explore's Jobs tab applies with it). */
export { ApplyDialog, type ApplyTarget } from './ApplyDialog';
