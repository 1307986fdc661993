import { authRest } from '../modules/auth/auth.rest';
import type { RestRoute } from './route';

/** Every documented /api path, gathered from the modules that own them. */
export const restRoutes: RestRoute[] = [...authRest];
