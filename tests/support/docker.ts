import { afterAll, beforeAll, describe } from 'vitest';
import { getContainerRuntimeClient } from 'testcontainers';

let cached: Promise<string | null> | undefined;

/**
 * Why the testcontainers suites cannot run here, or null when a Docker engine answers.
 * Asked once per test process.
 */
export function dockerUnavailableReason(): Promise<string | null> {
  cached ??= (async () => {
    if (process.env.SKIP_CONTAINERS === '1') return 'SKIP_CONTAINERS=1 is set';
    try {
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 5 s')), 5000).unref());
      await Promise.race([getContainerRuntimeClient(), timeout]);
      return null;
    } catch (error) {
      const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
      return `no Docker engine is reachable (${detail})`;
    }
  })();
  return cached;
}

/** Prints the skip reason so a skipped container suite never passes silently. */
export function reportSkip(suite: string, reason: string): void {
  console.warn(`[skipped] ${suite}: ${reason}. It runs where a Docker engine is reachable.`);
}

/**
 * Registers a contract suite against a real server in a container: started before the suite and stopped after it,
 * or, where no Docker engine answers, printed as skipped with the reason and registered with describe.skip.
 * `body` gets a getter for the started container.
 */
export async function describeAgainstContainer<C extends { stop(): Promise<unknown> }>(
  suite: string,
  start: () => Promise<C>,
  body: (container: () => C) => void,
): Promise<void> {
  const reason = await dockerUnavailableReason();
  if (reason !== null) {
    reportSkip(suite, reason);
    describe.skip(suite, () =>
      body(() => {
        throw new Error(reason);
      }),
    );
    return;
  }
  describe(suite, () => {
    let container: C | undefined;
    beforeAll(async () => {
      container = await start();
    }, 180_000);
    afterAll(async () => {
      await container?.stop();
    });
    body(() => {
      if (!container) throw new Error(`${suite}: the container did not start`);
      return container;
    });
  });
}
