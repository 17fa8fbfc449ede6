import { describe, expect, it } from 'vitest';
import { boundaryOf, parseMultipart } from './multipart';

const body = (boundary: string, parts: string[]) =>
  Buffer.from(`${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}--${boundary}--\r\n`, 'latin1');

describe('multipart/form-data', () => {
  it('reads the boundary, quoted or not', () => {
    expect(boundaryOf('multipart/form-data; boundary=----abc123')).toBe('----abc123');
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="x y"')).toBe('x y');
    expect(boundaryOf('application/json')).toBeNull();
  });

  it('splits fields and a binary file, keeping bytes intact', () => {
    const bytes = '\x89PNG\r\n\x1a\n--not-a-boundary\r\n';
    const parsed = parseMultipart(
      body('B0', [
        'Content-Disposition: form-data; name="purpose"\r\n\r\nflag',
        `Content-Disposition: form-data; name="file"; filename="eg.png"\r\nContent-Type: image/png\r\n\r\n${bytes}`,
      ]),
      'B0',
    );
    expect(parsed?.map((p) => [p.name, p.filename, p.contentType])).toEqual([
      ['purpose', undefined, undefined],
      ['file', 'eg.png', 'image/png'],
    ]);
    expect(parsed?.[1]?.data.equals(Buffer.from(bytes, 'latin1'))).toBe(true);
  });

  it('answers null for a body without the boundary or an unterminated part', () => {
    expect(parseMultipart(Buffer.from('hello'), 'B0')).toBeNull();
    expect(parseMultipart(Buffer.from('--B0\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end'), 'B0')).toBeNull();
  });
});
