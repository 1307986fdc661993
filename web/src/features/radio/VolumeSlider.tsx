import { Flex, Slider, Text } from '@chakra-ui/react';
import { LuVolume2, LuVolumeX } from 'react-icons/lu';
import { useRadio } from './RadioPlayerProvider';

/** The shared volume: 0 to 100, step 1, shown as a percent. */
export function VolumeSlider({ label = 'Volume' }: { label?: string }) {
  const radio = useRadio();
  return (
    <Flex align="center" gap="2" w="full">
      {radio.volume === 0 ? <LuVolumeX aria-hidden /> : <LuVolume2 aria-hidden />}
      <Slider.Root
        flex="1"
        size="sm"
        min={0}
        max={100}
        step={1}
        value={[radio.volume]}
        onValueChange={(e) => radio.setVolume(e.value[0])}
        // eslint-disable-next-line jsx-a11y/aria-proptypes -- Chakra's Slider.Root takes one label per thumb
        aria-label={[label]}
        colorPalette="green"
      >
        <Slider.Control>
          <Slider.Track>
            <Slider.Range />
          </Slider.Track>
          <Slider.Thumbs />
        </Slider.Control>
      </Slider.Root>
      <Text fontSize="sm" color="fg.muted" minW="10" textAlign="end" data-testid="radio-volume">
        {radio.volume}%
      </Text>
    </Flex>
  );
}
