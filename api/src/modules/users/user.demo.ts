import { randomBytes } from 'node:crypto';
import type { DemoPart } from '../../kernel/demo';
import type { Logger } from '../../kernel/logger';
import { storeMedia } from '../../kernel/media';
import { hashPassword } from '../auth/auth.service';
import { Role } from './user.entity';
import { initialsOf } from './user.rules';
import { users } from './user.service';

/** Demo members; later modules' demo parts find them by e-mail. */
export const DEMO_MEMBERS = [
  { firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@demo.saffa.local', color: '#1e7b4f' },
  { firstName: 'Pieter', lastName: 'van der Merwe', email: 'pieter@demo.saffa.local', color: '#b5651d' },
  { firstName: 'Lerato', lastName: 'Mokoena', email: 'lerato@demo.saffa.local', color: '#7b1e5a' },
  { firstName: 'Sipho', lastName: 'Dlamini', email: 'sipho@demo.saffa.local', color: '#1e4f7b' },
  { firstName: 'Annelie', lastName: 'Botha', email: 'annelie@demo.saffa.local', color: '#8a6d00' },
  { firstName: 'Ayesha', lastName: 'Patel', email: 'ayesha@demo.saffa.local', color: '#5a3e9b' },
  { firstName: 'Johan', lastName: 'Pretorius', email: 'johan@demo.saffa.local', color: '#2f6b6b' },
  { firstName: 'Naledi', lastName: 'Khumalo', email: 'naledi@demo.saffa.local', color: '#a83232' },
];
export const DEMO_ADMIN = { firstName: 'Saffa', lastName: 'Admin', email: 'admin@demo.saffa.local', color: '#006b3f' };
/** The member whose sign-in details are printed at first start. */
export const DEMO_MEMBER_EMAIL = DEMO_MEMBERS[0].email;

function avatarSvg(initials: string, color: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
      `<rect width="128" height="128" rx="64" fill="${color}"/>` +
      `<text x="64" y="78" font-family="Arial,Helvetica,sans-serif" font-size="44" font-weight="700" fill="#fff" ` +
      `text-anchor="middle">${initials}</text>` +
      `</svg>`,
  );
}

export const usersDemo: DemoPart = {
  name: 'users',
  async load(log: Logger) {
    const credentials: Array<{ email: string; password: string; role: Role }> = [];
    for (const m of [DEMO_ADMIN, ...DEMO_MEMBERS]) {
      const role = m === DEMO_ADMIN ? Role.admin : Role.user;
      const password = randomBytes(9).toString('base64url');
      const profileImageUrl = await storeMedia(avatarSvg(initialsOf(m), m.color), { folder: 'avatars', ext: 'svg' });
      await users().insert({
        firstName: m.firstName,
        lastName: m.lastName,
        email: m.email,
        role,
        profileImageUrl,
        tutorialCompleted: true,
        tutorialStep: 9,
        emailVerifiedAt: new Date(),
        passwordHash: await hashPassword(password),
      });
      if (m === DEMO_ADMIN || m.email === DEMO_MEMBER_EMAIL) credentials.push({ email: m.email, password, role });
    }
    const lines = credentials.map(
      (c) => `  ${c.role === Role.admin ? 'admin ' : 'member'}  ${c.email}  password: ${c.password}`,
    );
    // Printed once, at the start that creates them: there is no other copy of these passwords.
    process.stdout.write(`\n  Demo accounts (shown once; use "Forgot password?" later):\n${lines.join('\n')}\n\n`);
    log.debug('demo members created');
  },
};
