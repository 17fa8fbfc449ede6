import { createHash } from 'node:crypto';
import type { FileInfo } from '@evc/contracts';

export type FilePurpose = FileInfo['purpose'];
export type ImageType = FileInfo['contentType'];

/** A stored file: its bytes and what we know about it. */
export interface StoredFile extends StoredInfo {
  bytes: Buffer;
}

/** What the store keeps beside the bytes: the FileInfo, and the accounts that uploaded these bytes (private files). */
export interface StoredInfo extends FileInfo {
  ownerIds?: string[];
}

export interface PutMeta {
  contentType: ImageType;
  purpose: FilePurpose;
  /** The uploading account, kept so a customer may fetch the licence they uploaded. */
  ownerId?: string;
}

/**
 * Uploaded images (flags, station photos, licences). A file's id is the sha256 of its content, so the same image
 * uploaded twice is stored once; events hold ids and checksums, never bytes.
 */
export interface FileStore {
  put(bytes: Buffer, meta: PutMeta): Promise<FileInfo>;
  get(fileId: string): Promise<StoredFile | null>;
  close(): Promise<void>;
}

/** Purposes anyone may fetch (cached for a year); the others are private. */
export const PUBLIC_PURPOSES: readonly FilePurpose[] = ['flag', 'station-photo'];
export const isPublicPurpose = (purpose: FilePurpose) => PUBLIC_PURPOSES.includes(purpose);

export const FILE_ID = /^[a-f0-9]{64}$/;
export const fileIdOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The purpose a re-upload of the same bytes leaves: a public one wins, because whoever uploaded it as a flag or
 * photo has published those bytes anyway; otherwise the first purpose stays.
 */
export const mergedPurpose = (stored: FilePurpose, uploaded: FilePurpose): FilePurpose => (isPublicPurpose(stored) || !isPublicPurpose(uploaded) ? stored : uploaded);

export function infoOf(bytes: Buffer, contentType: ImageType, purpose: FilePurpose, ownerId?: string): StoredInfo {
  const fileId = fileIdOf(bytes);
  return { fileId, checksum: `sha256:${fileId}`, contentType, size: bytes.length, purpose, ...(ownerId ? { ownerIds: [ownerId] } : {}) };
}

/** The stored info after a re-upload of the same bytes: the merged purpose, and the new uploader added. */
export function mergedInfo(stored: StoredInfo, purpose: FilePurpose, ownerId?: string): StoredInfo {
  const owners = stored.ownerIds ?? [];
  const ownerIds = ownerId && !owners.includes(ownerId) ? [...owners, ownerId] : stored.ownerIds;
  return { ...stored, purpose: mergedPurpose(stored.purpose, purpose), ...(ownerIds ? { ownerIds } : {}) };
}

export const sameInfo = (a: StoredInfo, b: StoredInfo) => JSON.stringify(a) === JSON.stringify(b);

/** The FileInfo answered to the uploader (never the owner list). */
export const publicInfo = ({ fileId, checksum, contentType, size, purpose }: StoredInfo): FileInfo => ({ fileId, checksum, contentType, size, purpose });

/** JPG or PNG by magic bytes (not by name or declared type), else null. */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}
