/** Nest token of the PaymentsSetup (provider, sandbox, public base URL), or null when the app runs without payments. */
export const PAYMENTS = Symbol('Payments');
