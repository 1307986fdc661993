import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { LuPause, LuPlay } from 'react-icons/lu';
import { useRadio, type PlayableStation, type RadioPlayer, type RadioSource } from './RadioPlayerProvider';

/** Whether `source` (page or floating player) is playing, or connecting to, the station `id` right now. */
export const playsStation = (radio: RadioPlayer, id: string, source: RadioSource) =>
  radio.source === source && radio.station?.id === id && (radio.status === 'playing' || radio.status === 'loading');

/**
 * Play/pause of one player for its shown station: pauses it when it plays, resumes it when paused, and otherwise
 * (another station, the other player's station, or after an error) starts it, which stops anything else.
 */
export function PlayPauseButton({
  station,
  source,
  labels,
  ...rest
}: { station: PlayableStation; source: RadioSource; labels: [play: string, pause: string] } & Omit<
  IconButtonProps,
  'aria-label'
>) {
  const radio = useRadio();
  const playing = playsStation(radio, station.id, source);
  const current = radio.source === source && radio.station?.id === station.id && radio.status !== 'error';
  return (
    <IconButton
      aria-label={playing ? labels[1] : labels[0]}
      colorPalette="green"
      borderRadius="full"
      {...rest}
      onClick={() => (current ? radio.toggle() : radio.play(station, source))}
    >
      {playing ? <LuPause /> : <LuPlay />}
    </IconButton>
  );
}
