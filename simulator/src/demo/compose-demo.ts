import { Module, type DynamicModule } from '@nestjs/common';
import type { ComposedService, Compose } from '@evc/platform/hosting/host';
import { DEMO_RUNNER, DemoController } from './demo.controller';
import { DemoRunner } from './demo-runner';

@Module({})
class DemoModule {
  static register(runner: DemoRunner): DynamicModule {
    return { module: DemoModule, controllers: [DemoController], providers: [{ provide: DEMO_RUNNER, useValue: runner }] };
  }
}

export interface Demo extends ComposedService {
  runner: DemoRunner;
}

/**
 * The guided demonstration (`/api/demo`), hosted by the embedded launcher only: the cluster's gateway entry point
 * does not compose it (its proxy answers `demo.unavailable`), and should the launcher run against cluster stores,
 * the runner itself refuses. Its simulated chargers disconnect before the gateway drains.
 */
export const composeDemo: Compose<Demo> = async (config, infra) => {
  const runner = new DemoRunner({ profile: config.profile, dataDir: infra.dataDir, documents: infra.documents });
  return { name: 'demo', runner, modules: [DemoModule.register(runner)], drain: () => runner.stop() };
};
