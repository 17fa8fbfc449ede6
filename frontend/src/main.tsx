import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApp } from './app/app';
import { newerVersionAtom } from './stores/version-state';

const app = createApp();

/**
 * The version check (docs/rules.md §1) in its own chunk, when the browser is idle after the load: never in the way of
 * the first paint, and within a second or so of the start.
 */
const checkVersion = () =>
  void import('./lib/version-check').then(({ checkVersionInBrowser }) =>
    checkVersionInBrowser(() => app.queryClient.clear()).then((check) => {
      if (check.outcome === 'stale') app.store.set(newerVersionAtom, check.latest);
    }),
  );
const whenIdle = () =>
  'requestIdleCallback' in window ? requestIdleCallback(checkVersion, { timeout: 2000 }) : setTimeout(checkVersion, 500);
if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode>{app.element}</StrictMode>);
