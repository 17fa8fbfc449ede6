import { describe, expect, it } from 'vitest';
import { shapeArabic, visualOrder } from './text-layout';

const hex = (s: string) => [...s].map((c) => c.codePointAt(0)!.toString(16)).join(' ');

describe('Arabic for the PDF: contextual forms and visual order', () => {
  it('joins letters by position and forms lam-alef ligatures', () => {
    // سلام: seen initial, lam-alef final ligature, meem isolated
    expect(hex(shapeArabic('سلام'))).toBe('feb3 fefc fee1');
    // لا alone: the isolated ligature; ة after a dual-joining letter: final
    expect(hex(shapeArabic('لا'))).toBe('fefb');
    expect(hex(shapeArabic('محطة'))).toBe('fee3 fea4 fec4 fe94');
    // a right-joining letter (د) breaks the word: the next letter starts again
    expect(hex(shapeArabic('جديد'))).toBe('fe9f feaa fef3 feaa');
  });

  it('reverses Arabic, keeps numbers and Latin left to right inside a right-to-left line', () => {
    // runs of a right-to-left line are laid out from the right: the Arabic word, the number, then the Latin word
    expect(visualOrder('\u0627\u0628 12.50 EGP', true)).toBe('EGP 12.50 \u0628\u0627');
    expect(visualOrder('١٢٫٥٠ ج.م', true)).toBe('م.ج ١٢٫٥٠');
    // ICU's right-to-left marks in an Arabic date put the day on the right
    expect(visualOrder('١٤\u200f/١\u200f/٢٠٢٥', true)).toBe('٢٠٢٥/١/١٤');
    // brackets mirror in right-to-left text
    expect(visualOrder('\u0627 (\u0628)', true)).toBe('(\u0628) \u0627');
    // a left-to-right line with an Arabic name: only the name is reversed
    expect(visualOrder('Station \u0627\u0628\u062a', false)).toBe('Station \u062a\u0628\u0627');
  });
});
