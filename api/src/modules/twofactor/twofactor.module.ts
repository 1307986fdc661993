import { defineModule } from '../../kernel/module';
import { TwoFactorResolver } from './two-factor.resolver';
import {
  MemberTotp,
  Passkey,
  PendingSignIn,
  RecoveryCode,
  SecuritySettings,
  WebauthnChallenge,
} from './two-factor.entity';

/** Two-factor sign-in: authenticator apps, recovery codes and passkeys. */
export const twofactorModule = defineModule({
  name: 'twofactor',
  resolvers: [TwoFactorResolver],
  entities: [MemberTotp, RecoveryCode, Passkey, PendingSignIn, WebauthnChallenge, SecuritySettings],
});
