import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

/** Egypt's flag as the seed draws it: red, white and black horizontal stripes (the eagle left out). */
export const EGYPT_FLAG_STRIPES: readonly Rgb[] = [
  [0xce, 0x11, 0x26],
  [0xff, 0xff, 0xff],
  [0x00, 0x00, 0x00],
];

/** A PNG (8-bit RGB, no interlace) of equal horizontal stripes, top to bottom. */
export function stripedFlagPng(stripes: readonly Rgb[] = EGYPT_FLAG_STRIPES, width = 60, height = 40): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) => {
    const colour = stripes[Math.min(stripes.length - 1, Math.floor((y * stripes.length) / height))]!;
    // filter byte 0, then the pixels of the row
    return Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => colour).flat())]);
  });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
