import { useState } from 'react';
import { Box, CloseButton, Flex, IconButton, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { LuChevronDown, LuChevronUp, LuRadio } from 'react-icons/lu';
import { PlayPauseButton, playsStation } from './PlayPauseButton';
import { useRadio } from './RadioPlayerProvider';
import { RadioStatusText } from './RadioStatusText';
import { FLOATING_STATIONS } from './stations';
import { VolumeSlider } from './VolumeSlider';

/**
 * The floating radio player of the shell (spec 000 sections 2 and 9, spec 002 "Radio Stations"): station select,
 * play/pause, volume, minimise and close, over the bottom-right corner. It drives the one shared player, so it and
 * the /radio page never play at once; changing station while playing restarts the stream with the new one.
 */
export function FloatingRadioPlayer({
  bottom = '4',
  minimisedAtStart = false,
}: {
  bottom?: string;
  minimisedAtStart?: boolean;
}) {
  const radio = useRadio();
  const [chosenId, setChosenId] = useState(FLOATING_STATIONS[0].id);
  const [minimised, setMinimised] = useState(minimisedAtStart);
  if (!radio.floatingOpen) return null;

  const own = radio.source === 'floating' && radio.station != null;
  const selected = FLOATING_STATIONS.find((s) => s.id === chosenId) ?? FLOATING_STATIONS[0];
  const current = own && radio.station!.id === selected.id;
  const playing = playsStation(radio, selected.id, 'floating');
  const choose = (id: string) => {
    setChosenId(id);
    // Changing station while playing (or trying to: connecting, or failed) restarts the stream with the new station.
    if (playing || (current && radio.status === 'error'))
      radio.play(
        FLOATING_STATIONS.find((s) => s.id === id)!,
        'floating',
      );
  };
  const playPause = (
    <PlayPauseButton station={selected} source="floating" labels={['Play radio', 'Pause radio']} size="sm" />
  );

  return (
    <Box
      as="aside"
      aria-label="Radio player"
      data-testid="floating-radio"
      position="fixed"
      right="4"
      bottom={bottom}
      zIndex="sticky"
      w={minimised ? 'auto' : '18rem'}
      maxW="calc(100vw - 2rem)"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="xl"
      boxShadow="lg"
      p="3"
    >
      <Flex align="center" gap="2">
        <LuRadio aria-hidden />
        <Text fontWeight="semibold" fontSize="sm" flex="1" truncate>
          {minimised ? selected.name : 'Radio'}
        </Text>
        {minimised && playPause}
        <IconButton
          aria-label={minimised ? 'Expand radio player' : 'Minimise radio player'}
          size="xs"
          variant="ghost"
          onClick={() => setMinimised((m) => !m)}
        >
          {minimised ? <LuChevronUp /> : <LuChevronDown />}
        </IconButton>
        <CloseButton size="xs" aria-label="Close radio player" onClick={radio.closeFloating} />
      </Flex>
      {!minimised && (
        <Stack gap="3" mt="3">
          <Flex gap="2" align="center">
            <NativeSelect.Root size="sm" flex="1">
              <NativeSelect.Field aria-label="Station" value={selected.id} onChange={(e) => choose(e.target.value)}>
                {FLOATING_STATIONS.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {playPause}
          </Flex>
          {current && <RadioStatusText status={radio.status} />}
          <VolumeSlider label="Radio volume" />
        </Stack>
      )}
    </Box>
  );
}
