import { RateLimitWindow } from '../kernel/rate-limit.entity';
import { Identity } from '../modules/auth/identity.entity';
import { PasswordReset } from '../modules/auth/password-reset.entity';
import { Session } from '../modules/auth/session.entity';
import { User } from '../modules/users/user.entity';
import { AppMeta } from './app-meta.entity';

/** Every TypeORM entity; a module that adds one lists it here. */
export const entities = [AppMeta, RateLimitWindow, User, Session, PasswordReset, Identity];
