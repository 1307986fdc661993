import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { badInput } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { hit } from '../../kernel/rate-limit';
import { settings } from '../../kernel/settings';

/**
 * The place name at a coordinate, from the configured reverse geocoder (Nominatim's JSON API).
 * Answers null when the service is off, slow or failing: the member then types the name by hand.
 */
export async function reverseGeocode(viewer: Viewer | null, lat: number, lng: number, log: Logger): Promise<string | null> {
  const v = requireViewer(viewer);
  if (!Number.isFinite(lat) || lat < -90 || lat > 90) throw badInput('latitude', 'must be between -90 and 90');
  if (!Number.isFinite(lng) || lng < -180 || lng > 180) throw badInput('longitude', 'must be between -180 and 180');
  const base = settings().geocoderUrl;
  if (!base) return null;
  await hit(`geocode:${v.id}`, 30, 60);
  const url = new URL(base);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('lat', String(lat));
  url.searchParams.set('lon', String(lng));
  try {
    const res = await fetch(url, { headers: { 'user-agent': 'Saffa (community social network)', accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
    const body = (await res.json()) as { name?: string; display_name?: string; address?: Record<string, string> };
    const a = body.address ?? {};
    const locality = a.city ?? a.town ?? a.village ?? a.suburb ?? a.county;
    const name = [body.name || a.road, locality].filter(Boolean).join(', ') || body.display_name || null;
    return name ? name.slice(0, 200) : null;
  } catch (err) {
    log.warn({ err }, 'reverse geocoding failed');
    return null;
  }
}
