import { FIRMWARE_MAX_BYTES, firmwareUploadFieldsSchema } from '@evc/contracts';
import { ApiException, parseInput } from '@evc/platform/http/api-exception';
import { boundaryOf, parseMultipart } from '@evc/platform/http/multipart';
import { detectImageType } from '@evc/platform/files/index';

/**
 * Bytes that are not firmware whatever the file's name says: an image, or text a browser or shell would run (a page,
 * an SVG, a script). Firmware is opaque binary; these are refused so the store never serves them as such.
 */
function looksLikeNotFirmware(bytes: Buffer): boolean {
  if (detectImageType(bytes)) return true;
  const head = bytes.subarray(0, 256).toString('latin1').trimStart().toLowerCase();
  return head.startsWith('<') || head.startsWith('#!') || head.startsWith('%pdf');
}

/** A firmware upload: multipart/form-data with a `file` part, `version` and `fileName` fields. */
export function readFirmwareUpload(body: unknown, contentType: string | undefined): { bytes: Buffer; version: string; fileName: string } {
  const boundary = boundaryOf(contentType);
  const parts = boundary && Buffer.isBuffer(body) ? parseMultipart(body, boundary) : null;
  const file = parts?.find((p) => p.name === 'file');
  if (!parts || !file || file.data.length === 0)
    throw new ApiException('files.missing', 'Send the firmware as multipart/form-data field "file"', [{ path: 'file', code: 'required' }]);
  const field = (name: string) =>
    parts
      .find((p) => p.name === name)
      ?.data.toString('utf8')
      .trim();
  const { version, fileName } = parseInput(firmwareUploadFieldsSchema, {
    version: field('version'),
    fileName: field('fileName') ?? file.filename,
  });
  if (file.data.length > FIRMWARE_MAX_BYTES)
    throw new ApiException('files.too_large', 'The firmware exceeds 8 MB', [
      { path: 'file', code: 'too_big', params: { maximum: FIRMWARE_MAX_BYTES } },
    ]);
  if (looksLikeNotFirmware(file.data))
    throw new ApiException('files.unsupported_type', 'This is not a firmware image', [{ path: 'file', code: 'unsupported_type' }]);
  return { bytes: file.data, version, fileName };
}
