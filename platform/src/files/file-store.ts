import { createHash } from 'node:crypto';
import type { FileInfo, Privilege } from '@evc/contracts';

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
 * Uploaded images (flags, station photos, licences, profile pictures). A file's id is the sha256 of its purpose and
 * its content, so the same image uploaded twice for one purpose is stored once, and the same bytes uploaded for
 * another purpose are another file with that purpose's privacy; events hold ids and checksums, never bytes.
 */
export interface FileStore {
  put(bytes: Buffer, meta: PutMeta): Promise<FileInfo>;
  get(fileId: string): Promise<StoredFile | null>;
  close(): Promise<void>;
}

/**
 * Purposes anyone may fetch (cached for a year); every other purpose is private (licences, and any purpose added
 * later, e.g. profile pictures, unless it is listed here), readable by its uploader and staff with customers.read.
 */
export const PUBLIC_PURPOSES: readonly FilePurpose[] = ['flag', 'station-photo'];
export const isPublicPurpose = (purpose: FilePurpose) => PUBLIC_PURPOSES.includes(purpose);

/**
 * Who may upload a purpose: the staff privilege of the public ones; every other purpose only a customer, for
 * themselves (licences, profile pictures: the customer who owns them; staff never upload into a customer's files).
 */
export const UPLOAD_PRIVILEGE: Partial<Record<FilePurpose, Privilege>> = { flag: 'masterdata.write', 'station-photo': 'stations.write' };

/**
 * Private purposes that staff read by a privilege of their own rather than customers.read (a charger's diagnostics:
 * diagnostics.manage); their files have no owning customer. Uploaded by their own endpoints, never through
 * POST /api/files.
 */
export const READ_PRIVILEGE: Partial<Record<FilePurpose, Privilege>> = { diagnostics: 'diagnostics.manage' };

export const FILE_ID = /^[a-f0-9]{64}$/;
/** The id of `bytes` uploaded for `purpose`: the purpose is part of it, so one upload never changes another's file. */
export const fileIdOf = (bytes: Buffer, purpose: FilePurpose) => createHash('sha256').update(`${purpose}\n`).update(bytes).digest('hex');
const checksumOf = (bytes: Buffer) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

export function infoOf(bytes: Buffer, contentType: ImageType, purpose: FilePurpose, ownerId?: string): StoredInfo {
  const fileId = fileIdOf(bytes, purpose);
  return { fileId, checksum: checksumOf(bytes), contentType, size: bytes.length, purpose, ...(ownerId ? { ownerIds: [ownerId] } : {}) };
}

/**
 * The stored info after a re-upload of the same bytes for the same purpose (another purpose is another file id, so a
 * private file, a licence, is never made public by uploading its bytes again as a photo); a new uploader of a
 * private file is added to its owners (they hold the bytes already).
 */
export function mergedInfo(stored: StoredInfo, _purpose: FilePurpose, ownerId?: string): StoredInfo {
  if (isPublicPurpose(stored.purpose)) return stored;
  const owners = stored.ownerIds ?? [];
  const ownerIds = ownerId && !owners.includes(ownerId) ? [...owners, ownerId] : stored.ownerIds;
  return { ...stored, ...(ownerIds ? { ownerIds } : {}) };
}

export const sameInfo = (a: StoredInfo, b: StoredInfo) => JSON.stringify(a) === JSON.stringify(b);

/** The FileInfo answered to the uploader (never the owner list). */
export const publicInfo = ({ fileId, checksum, contentType, size, purpose }: StoredInfo): FileInfo => ({
  fileId,
  checksum,
  contentType,
  size,
  purpose,
});

/** JPG or PNG by magic bytes (not by name or declared type), else null. */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}
