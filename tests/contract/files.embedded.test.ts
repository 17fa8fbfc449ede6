import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectImageType, openEmbeddedFileStore } from '@evc/platform/files/index';
import { PNG_SIGNATURE, filesContract } from './files.contract';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});
const dir = async () => {
  const d = await mkdtemp(path.join(os.tmpdir(), 'evc-files-'));
  dirs.push(d);
  return d;
};

filesContract('embedded (DATA_DIR/files)', { create: async () => openEmbeddedFileStore(await dir()) });

describe('embedded file store', () => {
  it('leaves no temporary files behind and survives a reopen', async () => {
    const root = await dir();
    const bytes = Buffer.concat([PNG_SIGNATURE, Buffer.from('reopen')]);
    const info = await openEmbeddedFileStore(root).put(bytes, { contentType: 'image/png', purpose: 'flag' });
    const folder = await readdir(path.join(root, info.fileId.slice(0, 2)));
    expect(folder.sort()).toEqual([info.fileId, `${info.fileId}.json`]);
    expect((await openEmbeddedFileStore(root).get(info.fileId))?.bytes.equals(bytes)).toBe(true);
  });
});

describe('image type by magic bytes', () => {
  it('knows PNG and JPEG and nothing else', () => {
    expect(detectImageType(PNG_SIGNATURE)).toBe('image/png');
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(detectImageType(Buffer.from('PNG but really text'))).toBeNull();
    expect(detectImageType(Buffer.from('GIF89a'))).toBeNull();
  });
});
