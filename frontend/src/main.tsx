import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApp } from './app/app';
import { checkVersionInBrowser } from './lib/version-check';
import { newerVersionAtom } from './stores/version-state';

const app = createApp();
void checkVersionInBrowser(() => app.queryClient.clear()).then((check) => {
  if (check.outcome === 'stale') app.store.set(newerVersionAtom, check.latest);
});

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode>{app.element}</StrictMode>);
