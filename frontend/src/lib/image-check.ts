import { ALLOWED_IMAGE_TYPES } from '@evc/contracts/files';
import { LIMITS } from '@evc/contracts/shared';

/** Checked before uploading (the server checks again, by content): JPG or PNG, at most 5 MB ("upload exceeds 5 MB"). */
export function imageProblem(file: File): 'type' | 'tooLarge' | null {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > LIMITS.imageMaxBytes) return 'tooLarge';
  return null;
}
