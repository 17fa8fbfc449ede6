import { FRONTEND_DIST } from '@evc/launcher';
import { startTestApp, type TestApp } from '../../support/app';

/** The product with the built frontend and the demo seed, as a visitor meets it. */
export function startBrowserApp(): Promise<TestApp> {
  return startTestApp({ seed: true, frontendDist: FRONTEND_DIST });
}
