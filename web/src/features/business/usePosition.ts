import { useEffect, useState } from 'react';
import { CAPE_TOWN } from './links';

export interface DirectoryPosition {
  latitude: number;
  longitude: number;
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
    const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geolocation) {
      fallback();
      return undefined;
    }
    const timer = setTimeout(fallback, timeoutMs);
    geolocation.getCurrentPosition(
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

/**
 * The member's position once, from the browser (for a form that places something where the member is); null when
 * refused or missing.
 */
export function currentPosition(): Promise<{ latitude: number; longitude: number } | null> {
  const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) =>
    geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => resolve(null),
      { timeout: 8000, maximumAge: 300_000 },
    ),
  );
}
