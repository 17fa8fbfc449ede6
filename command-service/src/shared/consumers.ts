import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import type { Consumer } from '@evc/platform';

/**
 * The bus consumers of a context as a provider: started when the application has bootstrapped (the command bus
 * and every handler exist), stopped before it shuts down. Both run profiles wire them the same way.
 */
export abstract class ContextConsumers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private running: Consumer[] = [];

  protected abstract start(): Consumer[];

  onApplicationBootstrap(): void {
    this.running = this.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    const running = this.running;
    this.running = [];
    for (const consumer of running) await consumer.stop();
  }
}
