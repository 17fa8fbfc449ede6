import { describe, expect, it } from 'vitest';
import { isText } from './diagnostics-files.controller';

describe('a diagnostics file shown as text', () => {
  it('is text when it decodes as UTF-8 without control characters, Arabic and line breaks included', () => {
    expect(isText(Buffer.from('boot ok\r\n\tconnector 1: Available\n'))).toBe(true);
    expect(isText(Buffer.from('الشاحن يعمل\n'))).toBe(true);
    // the head cut inside a two-byte character is still text
    expect(isText(Buffer.from('ok الشاحن').subarray(0, 4))).toBe(true);
  });

  it('is binary with NUL or other control bytes, or bytes that are not UTF-8', () => {
    expect(isText(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBe(false);
    expect(isText(Buffer.from('log\u0007bell'))).toBe(false);
    expect(isText(Buffer.from([0x41, 0xff, 0xfe, 0x41]))).toBe(false);
  });
});
