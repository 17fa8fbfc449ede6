import { z } from 'zod';
import { AUTHENTICATED, PUBLIC, dedicated, group } from '../shared/operation';
import { fileInfoSchema } from './schemas';

/** Uploaded images: multipart, served as files by the command side. */
export const filesOperations = group(
  dedicated({
    id: 'files.upload',
    kind: 'command',
    method: 'POST',
    path: '/api/files',
    summary:
      'Upload a JPG or PNG (≤ 5 MB, checked by content) as multipart/form-data fields `file` and `purpose`; answers its id and checksum. Flags need masterdata.write, station photos stations.write; `licence` images and the `profile` picture only a customer, for themselves (private to them and staff with customers.read). The file id is made of the purpose and the bytes: the same bytes uploaded for another purpose are another file, with the privacy of that purpose.',
    access: AUTHENTICATED,
    output: fileInfoSchema,
  } as const),
  dedicated({
    id: 'files.get',
    kind: 'query',
    method: 'GET',
    path: '/api/files/:fileId',
    summary:
      'A stored image with its content type and cache headers; flags and station photos are public, licences only for their owner and staff with customers.read.',
    access: PUBLIC,
    params: z.object({ fileId: z.string().regex(/^[a-f0-9]{64}$/) }),
    output: z.unknown(),
  } as const),
);
