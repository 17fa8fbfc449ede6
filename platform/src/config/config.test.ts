import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('defaults to the embedded profile on port 3000 with ./data', () => {
    expect(loadConfig({})).toMatchObject({ PORT: 3000, DATA_DIR: './data', profile: 'embedded', EVENTSTORE_FSYNC: true });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000"/);
    expect(() => loadConfig({ MONGODB_URL: 'http://x' })).toThrow(/MONGODB_URL/);
  });

  it('lets the old generation grow 100 % past the last full collection unless told otherwise; 0 leaves it to V8', () => {
    expect(loadConfig({}).HEAP_GROWTH_PERCENT).toBe(100);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '0' }).HEAP_GROWTH_PERCENT).toBe(0);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: '-5' })).toThrow(/HEAP_GROWTH_PERCENT/);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: '1000' })).toThrow(/HEAP_GROWTH_PERCENT/);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: 'lots' })).toThrow(/HEAP_GROWTH_PERCENT/);
  });

  it('runs the gateway process 5 nice values ahead of the launcher unless told otherwise; 0 is the same; never behind', () => {
    expect(loadConfig({}).OCPP_GATEWAY_PRIORITY).toBe(5);
    expect(loadConfig({ OCPP_GATEWAY_PRIORITY: '0' }).OCPP_GATEWAY_PRIORITY).toBe(0);
    expect(() => loadConfig({ OCPP_GATEWAY_PRIORITY: '-3' })).toThrow(/OCPP_GATEWAY_PRIORITY/);
    expect(() => loadConfig({ OCPP_GATEWAY_PRIORITY: '40' })).toThrow(/OCPP_GATEWAY_PRIORITY/);
    expect(() => loadConfig({ OCPP_GATEWAY_PRIORITY: 'high' })).toThrow(/OCPP_GATEWAY_PRIORITY/);
  });

  it('selects the cluster profile only with all three URLs', () => {
    const urls = {
      EVENTSTORE_URL: 'esdb://es:2113?tls=false',
      KAFKA_BROKERS: 'kafka:9092',
      MONGODB_URL: 'mongodb://mongo:27017',
      AUTH_TOKEN_SECRET: 'k'.repeat(32),
    };
    expect(loadConfig(urls).profile).toBe('cluster');
    expect(() => loadConfig({ KAFKA_BROKERS: 'kafka:9092' })).toThrow(/set all three/);
  });

  it('has identity defaults and refuses weak or malformed identity settings', () => {
    expect(loadConfig({})).toMatchObject({
      PUBLIC_URL: 'http://localhost:3000',
      ACCESS_TOKEN_TTL_SECONDS: 600,
      REFRESH_TOKEN_TTL_DAYS: 30,
      RESET_LINK_EXPIRY_MINUTES: 60,
      RESEND_INTERVAL_SECONDS: 60,
      RESET_MAX_TRIES: 5,
      TRUST_PROXY: 0,
    });
    expect(loadConfig({ PUBLIC_URL: 'https://evc.example.com/' }).PUBLIC_URL).toBe('https://evc.example.com');
    expect(() => loadConfig({ AUTH_TOKEN_SECRET: 'too-short' })).toThrow(/AUTH_TOKEN_SECRET/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SEED_ADMIN_PASSWORD: 'alllowercase1' })).toThrow(/SEED_ADMIN_PASSWORD/);
    expect(() => loadConfig({ SEED_ADMIN_EMAIL: 'not-an-email' })).toThrow(/SEED_ADMIN_EMAIL/);
  });

  it('needs AUTH_TOKEN_SECRET in the cluster profile', () => {
    const urls = { EVENTSTORE_URL: 'esdb://es:2113?tls=false', KAFKA_BROKERS: 'kafka:9092', MONGODB_URL: 'mongodb://mongo:27017' };
    expect(() => loadConfig(urls)).toThrow(/AUTH_TOKEN_SECRET must be set/);
  });

  it('payments: sandbox by default; paymob refuses to start without its keys, naming each, never echoing a secret', () => {
    expect(loadConfig({})).toMatchObject({ PAYMENT_PROVIDER: 'sandbox', PAYMOB_BASE_URL: 'https://accept.paymob.com' });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paymob', PAYMOB_SECRET_KEY: 'sk_test_very_secret' })).toThrow(
      /PAYMOB_PUBLIC_KEY must be set[\s\S]*PAYMOB_HMAC_SECRET must be set[\s\S]*PAYMOB_INTEGRATION_IDS must be set/,
    );
    try {
      loadConfig({ PAYMENT_PROVIDER: 'paymob', PAYMOB_SECRET_KEY: 'sk_test_very_secret' });
    } catch (error) {
      expect(String(error)).not.toContain('sk_test_very_secret');
    }
    const paymob = {
      PAYMENT_PROVIDER: 'paymob',
      PAYMOB_SECRET_KEY: 's',
      PAYMOB_PUBLIC_KEY: 'p',
      PAYMOB_HMAC_SECRET: 'h',
      PAYMOB_INTEGRATION_IDS: '123,456',
      PUBLIC_BASE_URL: 'https://ev.example.eg/',
    };
    expect(loadConfig(paymob)).toMatchObject({ PAYMOB_INTEGRATION_IDS: [123, 456], PUBLIC_BASE_URL: 'https://ev.example.eg' });
    expect(() => loadConfig({ ...paymob, PAYMOB_INTEGRATION_IDS: 'card' })).toThrow(/PAYMOB_INTEGRATION_IDS/);
  });
});
