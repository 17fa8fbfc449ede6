import { GridFSBucket, MongoClient } from 'mongodb';
import { FILE_ID, infoOf, mergedInfo, publicInfo, sameInfo, type FileStore, type StoredFile, type StoredInfo } from './file-store';

const BUCKET = 'files';

/**
 * Files in MongoDB GridFS (bucket `files`): the GridFS filename is the file id, the FileInfo is its metadata.
 * Two concurrent uploads of the same bytes may both write; readers take the newest, and the bytes are equal.
 */
export async function openGridFsFileStore(url: string, dbName?: string): Promise<FileStore> {
  const client = await new MongoClient(url).connect();
  const db = client.db(dbName);
  const bucket = new GridFSBucket(db, { bucketName: BUCKET });
  const filesCollection = db.collection(`${BUCKET}.files`);
  await filesCollection.createIndex({ filename: 1, uploadDate: -1 });
  const findInfo = async (fileId: string) => {
    const [doc] = await bucket.find({ filename: fileId }).sort({ uploadDate: -1 }).limit(1).toArray();
    return doc ? { id: doc._id, info: doc.metadata as StoredInfo } : null;
  };
  return {
    async put(bytes, { contentType, purpose, ownerId }) {
      const info = infoOf(bytes, contentType, purpose, ownerId);
      const stored = await findInfo(info.fileId);
      if (stored) {
        const merged = mergedInfo(stored.info, purpose, ownerId);
        if (!sameInfo(merged, stored.info)) await filesCollection.updateOne({ _id: stored.id }, { $set: { metadata: merged } });
        return publicInfo(merged);
      }
      await new Promise<void>((resolve, reject) => {
        const upload = bucket.openUploadStream(info.fileId, { metadata: info });
        upload.once('finish', () => resolve());
        upload.once('error', reject);
        upload.end(bytes);
      });
      return publicInfo(info);
    },
    async get(fileId): Promise<StoredFile | null> {
      if (!FILE_ID.test(fileId)) return null;
      const stored = await findInfo(fileId);
      if (!stored) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of bucket.openDownloadStream(stored.id)) chunks.push(chunk as Buffer);
      return { ...stored.info, bytes: Buffer.concat(chunks) };
    },
    async close() {
      await client.close();
    },
  };
}
