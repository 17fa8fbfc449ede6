import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { dataDirSecret } from '../auth/auth-secret';
import type { Config } from '../config/config';
import { PaymobProvider } from './paymob-provider';
import type { PaymentProvider } from './port';
import { SandboxPaymentProvider } from './sandbox-provider';

/** The payment provider the command side uses, and where the provider calls back and sends the payer. */
export interface PaymentsSetup {
  provider: PaymentProvider;
  /** Set when the embedded sandbox is the provider: its checkout page routes exist only then. */
  sandbox: SandboxPaymentProvider | null;
  /** Absolute base of the callback and return URLs given to the provider. */
  publicBaseUrl: string;
}

type PaymentConfig = Pick<
  Config,
  | 'PAYMENT_PROVIDER'
  | 'PAYMOB_BASE_URL'
  | 'PAYMOB_SECRET_KEY'
  | 'PAYMOB_PUBLIC_KEY'
  | 'PAYMOB_HMAC_SECRET'
  | 'PAYMOB_INTEGRATION_IDS'
  | 'PUBLIC_BASE_URL'
  | 'PUBLIC_URL'
  | 'AUTH_TOKEN_SECRET'
>;

/**
 * The sandbox's signing key: derived from AUTH_TOKEN_SECRET when set (every node agrees), else random per data dir
 * (DATA_DIR/payments-sandbox-secret, mode 0600). Never logged.
 */
export async function resolveSandboxSecret(config: Pick<Config, 'AUTH_TOKEN_SECRET'>, dataDir: string): Promise<string> {
  if (config.AUTH_TOKEN_SECRET) return createHmac('sha256', config.AUTH_TOKEN_SECRET).update('evc-payments-sandbox').digest('hex');
  return dataDirSecret(path.join(dataDir, 'payments-sandbox-secret'), () => randomBytes(32).toString('hex'));
}

export async function createPayments(config: PaymentConfig, dataDir: string): Promise<PaymentsSetup> {
  const publicBaseUrl = config.PUBLIC_BASE_URL ?? config.PUBLIC_URL;
  if (config.PAYMENT_PROVIDER === 'paymob') {
    // loadConfig refuses paymob without its keys; this guards other callers.
    const { PAYMOB_SECRET_KEY, PAYMOB_PUBLIC_KEY, PAYMOB_HMAC_SECRET, PAYMOB_INTEGRATION_IDS } = config;
    if (!PAYMOB_SECRET_KEY || !PAYMOB_PUBLIC_KEY || !PAYMOB_HMAC_SECRET || !PAYMOB_INTEGRATION_IDS?.length)
      throw new Error('Paymob needs its keys');
    const provider = new PaymobProvider({
      baseUrl: config.PAYMOB_BASE_URL,
      secretKey: PAYMOB_SECRET_KEY,
      publicKey: PAYMOB_PUBLIC_KEY,
      hmacSecret: PAYMOB_HMAC_SECRET,
      integrationIds: PAYMOB_INTEGRATION_IDS,
    });
    return { provider, sandbox: null, publicBaseUrl };
  }
  const sandbox = new SandboxPaymentProvider(await resolveSandboxSecret(config, dataDir));
  return { provider: sandbox, sandbox, publicBaseUrl };
}
