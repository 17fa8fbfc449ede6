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

  it('selects the cluster profile only with all three URLs', () => {
    const urls = { EVENTSTORE_URL: 'esdb://es:2113?tls=false', KAFKA_BROKERS: 'kafka:9092', MONGODB_URL: 'mongodb://mongo:27017' };
    expect(loadConfig(urls).profile).toBe('cluster');
    expect(() => loadConfig({ KAFKA_BROKERS: 'kafka:9092' })).toThrow(/set all three/);
  });
});
