export * from './compose';
export * from './command-service.module';
export * from './shared/command-context';
export * from './shared/decider';
export * from './shared/domain-error';
export * from './shared/run-decider';
export * from './shared/tokens';
export * from './shared/operation-command';
export * from './shared/payload-command';
export { LinkMasterDataUsageCommand, UnlinkMasterDataUsageCommand } from './catalog/index';
export { RegisterChargerCommand, registerCharger, newChargerSecret, type ChargerSecretResult } from './network/index';
export {
  SeedCustomerCommand,
  type IssuedSession,
  createIdentityDeps,
  identitySettingsFrom,
  type IdentityDeps,
  type IdentitySettings,
  LoginThrottle,
  DEFAULT_THROTTLE,
  type ThrottleLimits,
  ARGON2_OPTIONS,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
} from './identity/index';
export { seedDemo, planChargers, type SeedOutcome } from './seed/seed-demo';
export { seedIdentity, seededId, type IdentitySeedOutcome, type GeneratedCredential } from './seed/seed-identity';
export { seedCharging, DEMO_CAR, DEMO_CARD_ID_TAG, DEMO_WELCOME_CREDIT } from './seed/seed-charging';
export { type SeedReport } from './seed/seeder';
export { demoChargersPath, type DemoChargerCredentials } from './seed/demo-chargers-file';
export { stripedFlagPng } from './seed/flag-png';
export type { UsedBy } from './shared/usage';
export {
  startChargerTelemetry,
  TELEMETRY_GROUP,
  startChargerCommandResults,
  COMMAND_RESULTS_GROUP,
  chargerCommandDecider,
  RecordChargerTelemetryCommand,
} from './chargers-live/index';
export { WALLET_LEDGER, type WalletLedger } from './wallet/index';
export * from './charging/index';
