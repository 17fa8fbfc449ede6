/**
 * A small multipart/form-data reader for the upload endpoint (one file and a few text fields, already buffered
 * under the body limit). It splits on the boundary and reads each part's Content-Disposition and Content-Type;
 * no transfer encodings (browsers send raw bytes).
 */
export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

export function boundaryOf(contentType: string | undefined): string | null {
  const match = contentType ? /^multipart\/form-data\s*;.*?boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType) : null;
  return match ? (match[1] ?? match[2] ?? null) : null;
}

const CRLF2 = Buffer.from('\r\n\r\n');

/** The parts of a multipart body, or null when it is not well-formed. */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') return parts; // closing delimiter
    if (body.subarray(at, at + 2).toString() !== '\r\n') return null;
    const headerEnd = body.indexOf(CRLF2, at);
    if (headerEnd < 0) return null;
    const headers = body.subarray(at + 2, headerEnd).toString('utf8');
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headerEnd + 4);
    if (next < 0) return null;
    const disposition = /content-disposition:\s*form-data\s*;([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) return null;
    const filename = /(?:^|;)\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    const contentType = /content-type:\s*([^\r\n;]+)/i.exec(headers)?.[1]?.trim();
    parts.push({
      name,
      ...(filename !== undefined ? { filename } : {}),
      ...(contentType ? { contentType } : {}),
      data: body.subarray(headerEnd + 4, next),
    });
    at = next + 2;
  }
}
