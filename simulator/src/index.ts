export * from './simulator';
export * from './demo/compose-demo';
export { DemoRunner } from './demo/demo-runner';
export { SIMULATOR_FIRMWARE_VERSION, simulatedFirmwareImage, type FirmwareOptions } from './firmware';
