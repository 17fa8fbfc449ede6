import { IMAGE_PURPOSES, LIMITS } from '@evc/contracts';
import { z } from 'zod';
import { ApiException, parseInput } from '@evc/platform/http/api-exception';
import { boundaryOf, parseMultipart } from '@evc/platform/http/multipart';
import { detectImageType, type FilePurpose, type ImageType } from '@evc/platform/files/index';

const purposeSchema = z.object({ purpose: z.enum(IMAGE_PURPOSES) });

/**
 * The image of an upload: multipart/form-data with a `file` part and a `purpose` field. The type is decided by the
 * file's first bytes, never by its name or declared type.
 */
export function readUpload(
  body: unknown,
  contentType: string | undefined,
): { bytes: Buffer; contentType: ImageType; purpose: FilePurpose } {
  const boundary = boundaryOf(contentType);
  const parts = boundary && Buffer.isBuffer(body) ? parseMultipart(body, boundary) : null;
  const file = parts?.find((p) => p.name === 'file' && p.filename !== undefined) ?? parts?.find((p) => p.name === 'file');
  if (!parts || !file || file.data.length === 0) {
    throw new ApiException('files.missing', 'Send the image as multipart/form-data field "file"', [{ path: 'file', code: 'required' }]);
  }
  const { purpose } = parseInput(purposeSchema, {
    purpose: parts
      .find((p) => p.name === 'purpose')
      ?.data.toString('utf8')
      .trim(),
  });
  if (file.data.length > LIMITS.imageMaxBytes) {
    throw new ApiException('files.too_large', 'The upload exceeds 5 MB', [
      { path: 'file', code: 'too_big', params: { maximum: LIMITS.imageMaxBytes } },
    ]);
  }
  const type = detectImageType(file.data);
  if (!type)
    throw new ApiException('files.unsupported_type', 'Only JPG and PNG images are accepted', [{ path: 'file', code: 'unsupported_type' }]);
  return { bytes: file.data, contentType: type, purpose };
}
