import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileStore } from '@evc/platform/files/index';

/** A tiny valid PNG (1×1) and JPEG header bytes, built here so no fixture file is needed. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function filesContract(name: string, factory: { create(): Promise<FileStore> }) {
  describe(`FileStore contract: ${name}`, () => {
    let store: FileStore | undefined;
    afterEach(async () => {
      await store?.close();
    });

    it('stores bytes under the sha256 of their purpose and content and answers them with type and purpose', async () => {
      store = await factory.create();
      const bytes = Buffer.concat([PNG_SIGNATURE, Buffer.from(`contract-${name}-${Date.now()}`)]);
      const info = await store.put(bytes, { contentType: 'image/png', purpose: 'flag' });
      expect(info.fileId).toMatch(/^[a-f0-9]{64}$/);
      expect(info).toMatchObject({
        checksum: `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
        contentType: 'image/png',
        size: bytes.length,
        purpose: 'flag',
      });
      const got = await store.get(info.fileId);
      expect(got?.bytes.equals(bytes)).toBe(true);
      expect(got).toMatchObject({ contentType: 'image/png', purpose: 'flag' });
    });

    it('dedupes identical uploads of one purpose; another purpose is another file (a private file is never made public)', async () => {
      store = await factory.create();
      const bytes = Buffer.concat([PNG_SIGNATURE, Buffer.from(`dedupe-${name}-${Date.now()}`)]);
      const first = await store.put(bytes, { contentType: 'image/png', purpose: 'licence', ownerId: 'c-1' });
      expect((await store.put(bytes, { contentType: 'image/png', purpose: 'licence', ownerId: 'c-2' })).fileId).toBe(first.fileId);
      expect((await store.get(first.fileId))?.ownerIds).toEqual(['c-1', 'c-2']);
      const second = await store.put(bytes, { contentType: 'image/png', purpose: 'station-photo' });
      expect(second.fileId).not.toBe(first.fileId);
      expect(second.purpose).toBe('station-photo');
      expect((await store.get(first.fileId))?.purpose).toBe('licence');
      const published = Buffer.concat([PNG_SIGNATURE, Buffer.from(`published-${name}-${Date.now()}`)]);
      const flag = await store.put(published, { contentType: 'image/png', purpose: 'flag' });
      const picture = await store.put(published, { contentType: 'image/png', purpose: 'profile', ownerId: 'c-2' });
      expect([picture.purpose, picture.fileId === flag.fileId]).toEqual(['profile', false]);
      expect((await store.get(flag.fileId))?.purpose).toBe('flag');
    });

    it('answers null for an unknown or malformed id', async () => {
      store = await factory.create();
      expect(await store.get('0'.repeat(64))).toBeNull();
      expect(await store.get('../../etc/passwd')).toBeNull();
    });
  });
}
