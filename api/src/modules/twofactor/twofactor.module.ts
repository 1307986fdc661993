import { defineModule } from '../../kernel/module';
import { TwoFactorResolver } from './two-factor.resolver';
import { MemberTotp } from './member-totp.entity';
import { Passkey } from './passkey.entity';
import { PendingSignIn } from './pending-sign-in.entity';
import { RecoveryCode } from './recovery-code.entity';
import { SecuritySettings } from './security-settings.entity';
import { WebauthnChallenge } from './webauthn-challenge.entity';

/** Two-factor sign-in: authenticator apps, recovery codes and passkeys. */
export const twofactorModule = defineModule({
  name: 'twofactor',
  resolvers: [TwoFactorResolver],
  entities: [MemberTotp, RecoveryCode, Passkey, PendingSignIn, WebauthnChallenge, SecuritySettings],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    // Two-factor sign-in: that an authenticator app is on and since when, and the passkeys' names and dates; the app's
    // secret, the passkeys' keys and the recovery codes' hashes only verify a sign-in.
    member_totp: { member: ['member_id'], omit: ['secret', 'last_step'] },
    recovery_codes: { member: ['member_id'], notExported: 'single-use recovery codes, kept only as hashes' },
    passkeys: { member: ['member_id'], omit: ['credential_id', 'public_key', 'counter'] },
    pending_sign_ins: {
      member: ['member_id'],
      notExported: 'a sign-in waiting for its second step, secret and short-lived',
    },
    webauthn_challenges: { member: ['member_id'], notExported: 'a passkey challenge, single-use and short-lived' },
  },
});
