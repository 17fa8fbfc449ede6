const EASTERN = '٠١٢٣٤٥٦٧٨٩';
const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';

/** Eastern Arabic (and Persian) digits to ASCII, and the Arabic decimal separator to '.', so typed numbers parse. */
export function normalizeDigits(input: string): string {
  let out = '';
  for (const ch of input) {
    const e = EASTERN.indexOf(ch);
    const p = PERSIAN.indexOf(ch);
    if (e >= 0) out += String(e);
    else if (p >= 0) out += String(p);
    else if (ch === '٫') out += '.';
    else out += ch;
  }
  return out;
}
