import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApp } from './app/app';
import { checkVersionInBrowser } from './lib/version-check';

const app = createApp();
void checkVersionInBrowser(() => app.queryClient.clear());

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode>{app.element}</StrictMode>);
