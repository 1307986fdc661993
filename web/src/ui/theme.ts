import { createSystem, defaultConfig } from '@chakra-ui/react';

/**
 * Chakra's default system with a darker brand green for solid surfaces: white on Chakra's green.600 (#16a34a) is
 * 3.29:1; on green.700 (#15803d) it is 5.02:1, above the 4.5:1 that text needs (UI.md), in both themes.
 */
export const system = createSystem(defaultConfig, {
  theme: {
    semanticTokens: {
      colors: {
        green: {
          solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } },
          contrast: { value: { _light: 'white', _dark: 'white' } },
        },
      },
    },
  },
});
