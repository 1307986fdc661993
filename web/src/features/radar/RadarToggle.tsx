import { SwitchField } from '../../ui/SwitchField';
import { useRadar, type Radar } from './useRadar';

/** The radar's on/off switch, for a screen that holds the radar's state itself (the radar screen). */
export function RadarSwitch({ radar }: { radar: Radar }) {
  return (
    <SwitchField
      label="SAFFA Radar"
      description={radar.enabled ? 'Nearby members can see you' : 'You are hidden, and cannot see others'}
      checked={radar.enabled}
      disabled={radar.busy}
      onChange={(on) => void radar.setEnabled(on)}
      testId="radar-toggle"
    />
  );
}

/**
 * The SAFFA Radar toggle of the Settings tab (spec 002 section 2): turning it on asks for the device's position
 * and posts it; off hides the member from every radar at once.
 */
export function RadarToggle() {
  return <RadarSwitch radar={useRadar()} />;
}
