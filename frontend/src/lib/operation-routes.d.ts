declare module 'virtual:evc/operation-routes' {
  import type { Operations } from '@evc/contracts/operations';

  /** Method and path of every operation of contracts/src/operations.ts, derived by vite.config.ts at build time. */
  const routes: { readonly [Id in keyof Operations]: readonly [Operations[Id]['method'], Operations[Id]['path']] };
  export default routes;
}
