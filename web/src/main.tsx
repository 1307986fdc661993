import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { PRELOAD_ELEMENT_ID } from './app/preload';
import { Providers } from './app/providers';
import { preloadSignedIn } from './app/routes';
import { endFirstScreen, startFirstScreen } from './lib/firstScreen';

/** Ends the page's first screen once the first render is committed (lib/firstScreen.ts). */
function FirstScreenEnd() {
  useEffect(endFirstScreen, []);
  return null;
}

function render() {
  startFirstScreen();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <App />
        <FirstScreenEnd />
      </Providers>
    </StrictMode>,
  );
}

// A signed-in member's page carries the first screen's data (app/preload.ts): its modules came with the page
// (modulepreload), so load them before the first render, which then shows the screen instead of a spinner.
if (document.getElementById(PRELOAD_ELEMENT_ID)) preloadSignedIn(window.location.pathname).then(render, render);
else render();
