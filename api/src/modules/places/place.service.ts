import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { position } from '../../kernel/input';
import type { Logger } from '../../kernel/logger';
import { hit } from '../../kernel/rate-limit';
import { outboundFetch } from '../../kernel/outbound';
import { settings } from '../../kernel/settings';

/**
 * GEOCODER_URL is the operator's: its origin may be on their network; a redirect elsewhere is checked
 * (kernel/outbound.ts).
 */
const askGeocoder = (url: URL) =>
  outboundFetch(url, {
    headers: { 'user-agent': 'Saffa (community social network)', accept: 'application/json' },
    timeoutMs: 5000,
    maxBytes: 1_000_000,
    operatorConfigured: true,
  });

/**
 * The place name at a coordinate, from the configured reverse geocoder (Nominatim's JSON API).
 * Answers null when the service is off, slow or failing: the member then types the name by hand.
 */
export async function reverseGeocode(
  viewer: Viewer | null,
  lat: number,
  lng: number,
  log: Logger,
): Promise<string | null> {
  const v = requireViewer(viewer);
  position(lat, lng);
  const base = settings().geocoderUrl;
  if (!base) return null;
  await hit(`geocode:${v.id}`, 30, 60);
  const url = new URL(base);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('lat', String(lat));
  url.searchParams.set('lon', String(lng));
  try {
    const res = await askGeocoder(url);
    if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
    const body = JSON.parse(res.text()) as { name?: string; display_name?: string; address?: Record<string, string> };
    const a = body.address ?? {};
    const locality = a.city ?? a.town ?? a.village ?? a.suburb ?? a.county;
    const name = [body.name || a.road, locality].filter(Boolean).join(', ') || body.display_name || null;
    return name ? name.slice(0, 200) : null;
  } catch (err) {
    log.warn({ err }, 'reverse geocoding failed');
    return null;
  }
}

/**
 * The coordinates of a typed address, from the configured geocoder's search endpoint (Nominatim's `/search`, next
 * to the `/reverse` the setting names). Answers null when the service is off, slow, failing or finds nothing.
 */
export async function geocodeAddress(
  address: string,
  log: Logger,
): Promise<{ latitude: number; longitude: number } | null> {
  const base = settings().geocoderUrl;
  if (!base || !address.trim()) return null;
  const url = new URL(base);
  url.pathname = url.pathname.replace(/\/reverse(\.php)?$/, '/search');
  url.search = '';
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', '1');
  url.searchParams.set('q', address.slice(0, 300));
  try {
    const res = await askGeocoder(url);
    if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
    const body = JSON.parse(res.text()) as Array<{ lat?: string; lon?: string }>;
    const latitude = Number(body[0]?.lat);
    const longitude = Number(body[0]?.lon);
    if (!Array.isArray(body) || !body.length || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return { latitude, longitude };
  } catch (err) {
    log.warn({ err }, 'geocoding an address failed');
    return null;
  }
}
