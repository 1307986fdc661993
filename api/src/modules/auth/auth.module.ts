import { defineModule } from '../../kernel/module';
import { AuthResolver } from './auth.resolver';
import { SessionResolver } from './session.resolver';
import { EmailVerification } from './email-verification.entity';
import { Identity } from './identity.entity';
import { PasswordReset } from './password-reset.entity';
import { Session } from './session.entity';
import { authRest } from './auth.rest';

/** Sign-up, sign-in (password, Google, Facebook), sessions and mailed links. */
export const authModule = defineModule({
  name: 'auth',
  resolvers: [AuthResolver, SessionResolver],
  entities: [Session, PasswordReset, EmailVerification, Identity],
  rest: authRest,
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    identities: { member: ['member_id'] },
    sessions: { member: ['member_id'], omit: ['token_hash'] },
    email_verifications: { member: ['member_id'], notExported: 'a single-use sign-up link, secret and short-lived' },
    password_resets: { member: ['member_id'], notExported: 'a single-use reset link, secret and short-lived' },
  },
});
