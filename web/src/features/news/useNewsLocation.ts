import { useEffect, useState } from 'react';
import { toaster } from '../../ui/toaster';

export type NewsRegionChoice = 'local' | 'sa' | 'international';

/** Cape Town: the spec's fallback coordinates when a position cannot be had for another reason than a refusal. */
export const FALLBACK_COORDINATES = { latitude: -33.9249, longitude: 18.4241 };

export type NewsTarget =
  { status: 'locating' } | { status: 'ready'; region: NewsRegionChoice; latitude?: number; longitude?: number };

/**
 * Which feed the screen reads for a choice. My Location asks the browser for its position; when the member
 * refuses or the browser has no geolocation it falls back to the South African feed with the spec's toasts (their
 * text says "international", the spec's app then used the SA feed); any other failure uses Cape Town's coordinates.
 */
export function useNewsTarget(choice: NewsRegionChoice): NewsTarget {
  const [target, setTarget] = useState<NewsTarget>(
    choice === 'local' ? { status: 'locating' } : { status: 'ready', region: choice },
  );
  useEffect(() => {
    if (choice !== 'local') {
      setTarget({ status: 'ready', region: choice });
      return;
    }
    let live = true;
    setTarget({ status: 'locating' });
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      toaster.info({ title: 'Geolocation not supported. Showing international news instead.' });
      setTarget({ status: 'ready', region: 'sa' });
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) =>
        live &&
        setTarget({ status: 'ready', region: 'local', latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
      (err) => {
        if (!live) return;
        if (err.code === err.PERMISSION_DENIED) {
          toaster.info({ title: 'Location access denied. Showing international news instead.' });
          setTarget({ status: 'ready', region: 'sa' });
        } else {
          toaster.error({
            title: 'Location Error',
            description: 'Unable to get your location. Using default location.',
          });
          setTarget({ status: 'ready', region: 'local', ...FALLBACK_COORDINATES });
        }
      },
      { timeout: 10_000, maximumAge: 600_000 },
    );
    return () => {
      live = false;
    };
  }, [choice]);
  return target;
}
