import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppTree } from './app/AppTree';
import { PRELOAD_ELEMENT_ID } from './app/preload';
import { preloadSignedIn } from './app/routes';
import { startFirstScreen } from './lib/firstScreen';
import { SERVER_RENDER_ATTRIBUTE } from './lib/pageHints';

function render() {
  startFirstScreen();
  const root = document.getElementById('root')!;
  // A signed-in home page comes rendered by the server (app/server.tsx): take its markup over, with the hints
  // it was rendered with. Anything else is rendered here.
  const rendered = root.getAttribute(SERVER_RENDER_ATTRIBUTE);
  if (rendered && root.firstElementChild) {
    hydrateRoot(root, <AppTree hints={{ cookie: document.cookie, phone: rendered === 'phone' }} />);
  } else {
    createRoot(root).render(<AppTree />);
  }
}

// A signed-in member's page carries the first screen's data (app/preload.ts): its modules came with the page
// (modulepreload), so load them before the first render, which then shows the screen instead of a spinner.
if (document.getElementById(PRELOAD_ELEMENT_ID)) preloadSignedIn(window.location.pathname).then(render, render);
else render();
