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
    // unstable_scheduleHydration is on every hydration root of React 19, and not in its types.
    const app: ReturnType<typeof hydrateRoot> & { unstable_scheduleHydration?(target: Node): void } = hydrateRoot(
      root,
      <AppTree hints={{ cookie: document.cookie, phone: rendered === 'phone' }} />,
    );
    // React takes the markup over boundary by boundary (the layout's Suspense, then the screen's, in <main>), and
    // commits each one after the other at least 300 ms apart (its Suspense reveal throttling): asked for the screen,
    // it takes both over at once, without those waits.
    const screen = document.querySelector('#main > *');
    if (screen) app.unstable_scheduleHydration?.(screen);
  } else {
    createRoot(root).render(<AppTree />);
  }
}

// A signed-in member's page carries the first screen's data (app/preload.ts): its modules came with the page
// (modulepreload), so load them before the first render, which then shows the screen instead of a spinner.
if (document.getElementById(PRELOAD_ELEMENT_ID)) preloadSignedIn(window.location.pathname).then(render, render);
else render();
