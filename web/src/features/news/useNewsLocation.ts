import { useEffect, useState } from 'react';
import { askPosition, CAPE_TOWN } from '../../lib/position';
import { toaster } from '../../ui/toaster';

export type NewsRegionChoice = 'local' | 'sa' | 'international';

type NewsTarget =
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
    void askPosition({ timeout: 10_000, maximumAge: 600_000 }).then((answer) => {
      if (!live) return;
      if (answer.ok) {
        setTarget({ status: 'ready', region: 'local', latitude: answer.latitude, longitude: answer.longitude });
      } else if (answer.reason === 'unsupported') {
        toaster.info({ title: 'Geolocation not supported. Showing international news instead.' });
        setTarget({ status: 'ready', region: 'sa' });
      } else if (answer.reason === 'denied') {
        toaster.info({ title: 'Location access denied. Showing international news instead.' });
        setTarget({ status: 'ready', region: 'sa' });
      } else {
        toaster.error({
          title: 'Location Error',
          description: 'Unable to get your location. Using default location.',
        });
        setTarget({ status: 'ready', region: 'local', ...CAPE_TOWN });
      }
    });
    return () => {
      live = false;
    };
  }, [choice]);
  return target;
}
