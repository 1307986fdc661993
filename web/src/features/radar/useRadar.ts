import { useCallback, useState } from 'react';
import { useUpdateRadarSettingsMutation } from './radar.generated';
import { errorCode, errorMessage } from '../../lib/errors';
import { useSession } from '../../ui/session';
import { toaster } from '../../ui/toaster';
import { currentPosition } from '../../lib/position';
import { RADAR_TEXT } from './radarText';

/** Where the device's position stands: not asked yet, being asked and posted, refused, or posted. */
type RadarLocation = 'unknown' | 'locating' | 'denied' | 'known';

export interface Radar {
  /** The member's radar setting, as the server holds it (it comes with the session). */
  enabled: boolean;
  location: RadarLocation;
  busy: boolean;
  /** The toggle: on asks for the device's position and posts it; off hides the member at once. Toasts the outcome. */
  setEnabled: (on: boolean) => Promise<void>;
  /** Posts the device's position again (radar already on), so the member stays visible; no toast on success. */
  locate: () => Promise<void>;
}

/**
 * The radar toggle's logic (spec 002 section 4), shared by the radar screen and the Settings tab: turning radar on
 * asks the device for its position and posts it with radarEnabled; refused, the Location Access Required state and
 * the spec's location error, and radar stays off. Turning it off posts {radarEnabled: false}.
 */
export function useRadar(): Radar {
  const user = useSession();
  const [mutate, { loading }] = useUpdateRadarSettingsMutation();
  const [location, setLocation] = useState<RadarLocation>('unknown');

  const postPosition = useCallback(async (): Promise<boolean> => {
    setLocation('locating');
    const position = await currentPosition();
    if (!position) {
      setLocation('denied');
      toaster.create({
        id: 'radar-location',
        type: 'error',
        title: RADAR_TEXT.locationRequired,
        description: RADAR_TEXT.locationError,
      });
      return false;
    }
    try {
      await mutate({ variables: { radarEnabled: true, latitude: position.latitude, longitude: position.longitude } });
      setLocation('known');
      return true;
    } catch (err) {
      setLocation('unknown');
      // A position may move once a minute (so nobody can walk theirs around to pin another's down): say how long to
      // wait.
      const description = errorCode(err) === 'RATE_LIMITED' ? errorMessage(err) : RADAR_TEXT.toggleFailed;
      toaster.create({ id: 'radar-toggle', type: 'error', title: 'Error', description });
      return false;
    }
  }, [mutate]);

  const setEnabled = useCallback(
    async (on: boolean) => {
      if (on) {
        if (await postPosition()) toaster.create({ id: 'radar-toggle', type: 'success', title: RADAR_TEXT.enabled });
        return;
      }
      try {
        await mutate({ variables: { radarEnabled: false } });
        setLocation('unknown');
        toaster.create({ id: 'radar-toggle', type: 'success', title: RADAR_TEXT.disabled });
      } catch {
        toaster.create({ id: 'radar-toggle', type: 'error', title: 'Error', description: RADAR_TEXT.toggleFailed });
      }
    },
    [mutate, postPosition],
  );

  const locate = useCallback(async () => {
    await postPosition();
  }, [postPosition]);

  return { enabled: !!user.radarEnabled, location, busy: loading || location === 'locating', setEnabled, locate };
}
