import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { detectImageType } from '@evc/platform/files/index';
import { stripedFlagPng } from './flag-png';

describe('the seeded flag of Egypt', () => {
  it('is a 60×40 RGB PNG of red, white and black stripes', () => {
    const png = stripedFlagPng();
    expect(detectImageType(png)).toBe('image/png');
    expect(png.readUInt32BE(16)).toBe(60);
    expect(png.readUInt32BE(20)).toBe(40);
    const idatAt = png.indexOf('IDAT');
    const pixels = inflateSync(png.subarray(idatAt + 4, idatAt + 4 + png.readUInt32BE(idatAt - 4)));
    const rowBytes = 1 + 60 * 3;
    const pixel = (y: number) => [...pixels.subarray(y * rowBytes + 1, y * rowBytes + 4)];
    expect(pixel(0)).toEqual([0xce, 0x11, 0x26]);
    expect(pixel(20)).toEqual([0xff, 0xff, 0xff]);
    expect(pixel(39)).toEqual([0, 0, 0]);
    expect(stripedFlagPng().equals(png)).toBe(true); // the same bytes every time: one stored file
  });
});
