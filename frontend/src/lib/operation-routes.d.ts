declare module 'virtual:evc/operation-routes' {
  import type { OperationId } from '@evc/contracts/operations';

  /**
   * The path of every operation of contracts/src/operations.ts whose path is not `/api/commands/<id>` (a command's
   * path follows from its id), derived by vite.config.ts at build time.
   */
  const routes: Readonly<Partial<Record<OperationId, string>>>;
  export default routes;
}
