import { useEffect, useState } from 'react';

/**
 * The one place the web app asks the browser where the device is (`navigator.geolocation` appears nowhere else):
 * a one-off answer (`askPosition`, `currentPosition`) and a hook with the Cape Town fallback (`usePosition`).
 */

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Cape Town: the spec's default position when the browser gives none. */
export const CAPE_TOWN: Readonly<Coordinates> = { latitude: -33.9249, longitude: 18.4241 };

/** The browser's answer: a position, or why there is none (no geolocation, refused by the member, or failed). */
type PositionAnswer = ({ ok: true } & Coordinates) | { ok: false; reason: 'unsupported' | 'denied' | 'failed' };

const geolocation = (): Geolocation | undefined =>
  typeof navigator !== 'undefined' ? (navigator.geolocation ?? undefined) : undefined;

/** Whether the browser can tell a position at all. */
export const canLocate = (): boolean => geolocation() !== undefined;

/** Asks the browser once for the device's position; never rejects. */
export function askPosition(options: PositionOptions): Promise<PositionAnswer> {
  const geo = geolocation();
  if (!geo) return Promise.resolve({ ok: false, reason: 'unsupported' });
  return new Promise((resolve) =>
    geo.getCurrentPosition(
      (p) => resolve({ ok: true, latitude: p.coords.latitude, longitude: p.coords.longitude }),
      (err) => resolve({ ok: false, reason: err.code === err.PERMISSION_DENIED ? 'denied' : 'failed' }),
      options,
    ),
  );
}

/**
 * The member's position once, from the browser (for a form that places something where the member is); null when
 * refused or missing.
 */
export async function currentPosition(): Promise<Coordinates | null> {
  const answer = await askPosition({ timeout: 8000, maximumAge: 300_000 });
  return answer.ok ? { latitude: answer.latitude, longitude: answer.longitude } : null;
}

export interface DirectoryPosition extends Coordinates {
  /** 'browser': the member's own position; 'fallback': Cape Town, because the browser gave none. */
  source: 'browser' | 'fallback';
}

/** The member's position from the browser, falling back to Cape Town when it is refused, missing or slow. */
export function usePosition(timeoutMs = 8000): DirectoryPosition | null {
  const [position, setPosition] = useState<DirectoryPosition | null>(null);
  useEffect(() => {
    let done = false;
    const settle = (p: DirectoryPosition) => {
      if (done) return;
      done = true;
      setPosition(p);
    };
    const fallback = () => settle({ ...CAPE_TOWN, source: 'fallback' });
    const geo = geolocation();
    if (!geo) {
      fallback();
      return undefined;
    }
    const timer = setTimeout(fallback, timeoutMs);
    geo.getCurrentPosition(
      (p) => settle({ latitude: p.coords.latitude, longitude: p.coords.longitude, source: 'browser' }),
      fallback,
      { maximumAge: 300_000, timeout: timeoutMs },
    );
    return () => {
      done = true;
      clearTimeout(timer);
    };
  }, [timeoutMs]);
  return position;
}
