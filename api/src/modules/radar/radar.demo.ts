import { db } from '../../kernel/database';
import type { DemoPart } from '../../kernel/demo';
import { coarsePosition } from '../../kernel/geo';
import { DEMO_MEMBERS } from '../users/user.demo';
import { RADAR_FRESH_HOURS } from './radar.rules';

/**
 * Demo members with radar on around Cape Town (the position the app's other screens fall back to), a few km from
 * each other, so /saffa-radar shows people to anyone there who turns radar on.
 */
export const DEMO_RADAR = [
  { email: DEMO_MEMBERS[3].email, latitude: -33.9249, longitude: 18.4241 }, // Sipho, in the city centre
  { email: DEMO_MEMBERS[5].email, latitude: -33.9588, longitude: 18.4718 }, // Ayesha, in Rondebosch
  { email: DEMO_MEMBERS[6].email, latitude: -33.9155, longitude: 18.3871 }, // Johan, in Sea Point
] as const;

/**
 * Places the demo radar members: radar on, each at their spot (coarsened like any position), seen now. Positions
 * count for RADAR_FRESH_HOURS only, so every later start renews them (`refresh`), but only for a demo member
 * whose radar is still on and who has no fresh position of their own: one who turned radar off, or posted where
 * they really are, keeps that. Idempotent: one position row per member.
 */
async function place(turnOn: boolean): Promise<void> {
  for (const d of DEMO_RADAR) {
    const [member] = await db().query(`SELECT id, radar_enabled FROM users WHERE email = $1`, [d.email]);
    if (!member) continue;
    if (turnOn) await db().query(`UPDATE users SET radar_enabled = true WHERE id = $1`, [member.id]);
    else if (!member.radar_enabled) continue;
    const spot = coarsePosition(d.latitude, d.longitude);
    await db().query(
      `INSERT INTO radar_positions (member_id, latitude, longitude, located_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (member_id) DO UPDATE SET latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude, ` +
        `located_at ` +
        `= EXCLUDED.located_at
        WHERE radar_positions.located_at < now() - make_interval(hours => $4)`,
      [member.id, spot.latitude, spot.longitude, RADAR_FRESH_HOURS / 2],
    );
  }
}

export const radarDemo: DemoPart = {
  name: 'radar',
  load: () => place(true),
  refresh: () => place(false),
};
