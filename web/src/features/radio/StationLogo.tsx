import { Center } from '@chakra-ui/react';
import type { RadioStation } from './stations';

/** A station's logo: its mark on its colour (drawn, so no third-party image is loaded). */
export function StationLogo({ station, size = '16' }: { station: RadioStation; size?: string }) {
  return (
    <Center
      boxSize={size}
      flexShrink={0}
      borderRadius="lg"
      // The 700 shade under white text: at least 4.5:1 for every station's colour (the solid shades of orange,
      // pink, teal and cyan are not), in light and dark.
      bg={`${station.logo.color}.700`}
      color="white"
      fontWeight="bold"
      fontSize={size === '16' ? 'md' : 'xs'}
      aria-hidden
    >
      {station.logo.mark}
    </Center>
  );
}
