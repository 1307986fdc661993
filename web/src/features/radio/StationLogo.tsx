import { Center } from '@chakra-ui/react';
import type { RadioStation } from './stations';

/** A station's logo: its mark on its colour (drawn, so no third-party image is loaded). */
export function StationLogo({ station, size = '16' }: { station: RadioStation; size?: string }) {
  return (
    <Center
      boxSize={size}
      flexShrink={0}
      borderRadius="lg"
      colorPalette={station.logo.color}
      bg="colorPalette.solid"
      color="colorPalette.contrast"
      fontWeight="bold"
      fontSize={size === '16' ? 'md' : 'xs'}
      aria-hidden
    >
      {station.logo.mark}
    </Center>
  );
}
