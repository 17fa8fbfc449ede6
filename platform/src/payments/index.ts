export * from './port';
export * from './paymob-callback';
export { PaymobProvider, type PaymobSettings } from './paymob-provider';
export * from './sandbox-provider';
export { renderSandboxCheckout, formatEgp } from './sandbox-page';
export { createPayments, resolveSandboxSecret, type PaymentsSetup } from './from-config';
