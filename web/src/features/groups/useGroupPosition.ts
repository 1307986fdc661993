import { useEffect } from 'react';
import { usePosition, type DirectoryPosition } from '../../lib/position';
import { toaster } from '../../ui/toaster';

/**
 * The member's position from the browser for the radius lists; when it is refused or missing, Cape Town and the
 * spec's toast ('Location Error' / 'Unable to get your location. Using default location.', spec 002 section 8).
 */
export function useGroupPosition(): DirectoryPosition | null {
  const position = usePosition();
  const fallback = position?.source === 'fallback';
  useEffect(() => {
    if (fallback)
      toaster.create({
        id: 'location-error',
        type: 'warning',
        title: 'Location Error',
        description: 'Unable to get your location. Using default location.',
      });
  }, [fallback]);
  return position;
}
