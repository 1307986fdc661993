// Chakra UI v3 colour-mode snippet, written by hand (the Chakra CLI downloads snippets from the internet).
import type { ReactNode } from 'react';
import { ThemeProvider, useTheme } from 'next-themes';
import { IconButton } from '@chakra-ui/react';
import { LuMoon, LuSun } from 'react-icons/lu';
import { useHydrating, usePageHints } from '../lib/pageHints';

type ColorMode = 'light' | 'dark';

const THEME_STORAGE_KEY = 'saffa.theme';

/**
 * next-themes' inline script sets the page's mode before it paints. It runs only in a server-rendered page, under
 * that page's script nonce (lib/pageHints.ts); elsewhere it is inert (the Content-Security-Policy allows no inline
 * script), and the mode is set as the app mounts.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const hints = usePageHints();
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      storageKey={THEME_STORAGE_KEY}
      disableTransitionOnChange
      nonce={hints?.nonce}
      scriptProps={hints ? undefined : { type: 'application/json' }}
    >
      {children}
    </ThemeProvider>
  );
}

/** The page's colour mode; light while a server render is taken over (the server does not know the mode). */
function useColorMode() {
  const { resolvedTheme, setTheme, forcedTheme } = useTheme();
  const hydrating = useHydrating();
  const colorMode: ColorMode = !hydrating && (forcedTheme ?? resolvedTheme) === 'dark' ? 'dark' : 'light';
  const toggleColorMode = () => setTheme(colorMode === 'dark' ? 'light' : 'dark');
  return { colorMode, setColorMode: setTheme, toggleColorMode };
}

export function ColorModeButton() {
  const { colorMode, toggleColorMode } = useColorMode();
  return (
    <IconButton
      aria-label="Toggle theme"
      title={colorMode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
      variant="ghost"
      size="sm"
      onClick={toggleColorMode}
    >
      {colorMode === 'dark' ? <LuSun /> : <LuMoon />}
    </IconButton>
  );
}
