import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { PRELOAD_ELEMENT_ID } from './app/preload';
import { Providers } from './app/providers';
import { preloadSignedIn } from './app/routes';

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <App />
      </Providers>
    </StrictMode>,
  );
}

// A signed-in member's page carries the first screen's data (app/preload.ts): its modules came with the page
// (modulepreload), so load them before the first render, which then shows the screen instead of a spinner.
if (document.getElementById(PRELOAD_ELEMENT_ID)) preloadSignedIn(window.location.pathname).then(render, render);
else render();
