import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { FILE_ID, infoOf, mergedInfo, publicInfo, sameInfo, type FileStore, type StoredFile, type StoredInfo } from './file-store';

/** Writes via a temporary file, fsync, rename: a reader sees the whole file or none. */
async function writeAtomically(file: string, data: Buffer | string): Promise<void> {
  const tmp = `${file}.${randomUUID()}.tmp`;
  const handle = await open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(tmp, file);
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under `dir/<first two hex>/<fileId>` with `<fileId>.json` (the FileInfo) beside it. */
export function openEmbeddedFileStore(dir: string): FileStore {
  const pathsOf = (fileId: string) => {
    const folder = path.join(dir, fileId.slice(0, 2));
    return { folder, bytes: path.join(folder, fileId), meta: path.join(folder, `${fileId}.json`) };
  };
  const readInfo = async (fileId: string): Promise<StoredInfo | null> =>
    readFile(pathsOf(fileId).meta, 'utf8').then(
      (text) => JSON.parse(text) as StoredInfo,
      (error: unknown) => {
        if (missing(error)) return null;
        throw error;
      },
    );
  return {
    async put(bytes, { contentType, purpose, ownerId }) {
      const info = infoOf(bytes, contentType, purpose, ownerId);
      const paths = pathsOf(info.fileId);
      const stored = await readInfo(info.fileId);
      if (stored) {
        const merged = mergedInfo(stored, purpose, ownerId);
        if (!sameInfo(merged, stored)) await writeAtomically(paths.meta, JSON.stringify(merged));
        return publicInfo(merged);
      }
      await mkdir(paths.folder, { recursive: true });
      // Bytes first, then the metadata that makes the file visible.
      await writeAtomically(paths.bytes, bytes);
      await writeAtomically(paths.meta, JSON.stringify(info));
      return publicInfo(info);
    },
    async get(fileId): Promise<StoredFile | null> {
      if (!FILE_ID.test(fileId)) return null;
      const info = await readInfo(fileId);
      if (!info) return null;
      return { ...info, bytes: await readFile(pathsOf(fileId).bytes) };
    },
    async close() {},
  };
}
