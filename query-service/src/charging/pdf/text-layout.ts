/**
 * Arabic text for a PDF that has no shaping engine: contextual forms through Unicode's Arabic Presentation Forms-B
 * (the joining rules of the letters Arabic and Egyptian names use, with the lam-alef ligatures), then the visual order
 * of a line (a compact form of the Unicode bidi algorithm: Arabic right to left, Latin and numbers left to right,
 * neutrals resolved from their neighbours, brackets mirrored). Marks (harakat) are dropped: the receipt's texts and
 * names do not need them, and placing them needs the font's GPOS.
 */

/** Isolated, final, initial, medial forms; right-joining letters have only the first two. */
const FORMS: Record<number, number[]> = {
  0x0621: [0xfe80],
  0x0622: [0xfe81, 0xfe82],
  0x0623: [0xfe83, 0xfe84],
  0x0624: [0xfe85, 0xfe86],
  0x0625: [0xfe87, 0xfe88],
  0x0626: [0xfe89, 0xfe8a, 0xfe8b, 0xfe8c],
  0x0627: [0xfe8d, 0xfe8e],
  0x0628: [0xfe8f, 0xfe90, 0xfe91, 0xfe92],
  0x0629: [0xfe93, 0xfe94],
  0x062a: [0xfe95, 0xfe96, 0xfe97, 0xfe98],
  0x062b: [0xfe99, 0xfe9a, 0xfe9b, 0xfe9c],
  0x062c: [0xfe9d, 0xfe9e, 0xfe9f, 0xfea0],
  0x062d: [0xfea1, 0xfea2, 0xfea3, 0xfea4],
  0x062e: [0xfea5, 0xfea6, 0xfea7, 0xfea8],
  0x062f: [0xfea9, 0xfeaa],
  0x0630: [0xfeab, 0xfeac],
  0x0631: [0xfead, 0xfeae],
  0x0632: [0xfeaf, 0xfeb0],
  0x0633: [0xfeb1, 0xfeb2, 0xfeb3, 0xfeb4],
  0x0634: [0xfeb5, 0xfeb6, 0xfeb7, 0xfeb8],
  0x0635: [0xfeb9, 0xfeba, 0xfebb, 0xfebc],
  0x0636: [0xfebd, 0xfebe, 0xfebf, 0xfec0],
  0x0637: [0xfec1, 0xfec2, 0xfec3, 0xfec4],
  0x0638: [0xfec5, 0xfec6, 0xfec7, 0xfec8],
  0x0639: [0xfec9, 0xfeca, 0xfecb, 0xfecc],
  0x063a: [0xfecd, 0xfece, 0xfecf, 0xfed0],
  0x0641: [0xfed1, 0xfed2, 0xfed3, 0xfed4],
  0x0642: [0xfed5, 0xfed6, 0xfed7, 0xfed8],
  0x0643: [0xfed9, 0xfeda, 0xfedb, 0xfedc],
  0x0644: [0xfedd, 0xfede, 0xfedf, 0xfee0],
  0x0645: [0xfee1, 0xfee2, 0xfee3, 0xfee4],
  0x0646: [0xfee5, 0xfee6, 0xfee7, 0xfee8],
  0x0647: [0xfee9, 0xfeea, 0xfeeb, 0xfeec],
  0x0648: [0xfeed, 0xfeee],
  0x0649: [0xfeef, 0xfef0],
  0x064a: [0xfef1, 0xfef2, 0xfef3, 0xfef4],
};
/** Lam followed by an alef: the ligature's isolated and final forms. */
const LAM_ALEF: Record<number, [number, number]> = {
  0x0622: [0xfef5, 0xfef6],
  0x0623: [0xfef7, 0xfef8],
  0x0625: [0xfef9, 0xfefa],
  0x0627: [0xfefb, 0xfefc],
};
const TATWEEL = 0x0640;
const isMark = (cp: number) => (cp >= 0x064b && cp <= 0x065f) || cp === 0x0670;
const joinsOnBothSides = (cp: number | undefined) => cp !== undefined && (cp === TATWEEL || FORMS[cp]?.length === 4);
const joins = (cp: number | undefined) => cp !== undefined && (cp === TATWEEL || FORMS[cp] !== undefined);

const BASE = new Map<number, number>(
  Object.entries(FORMS).flatMap(([base, forms]) => forms.map((form) => [form, Number(base)] as [number, number])),
);
/** The letter a presentation form stands for (fonts draw a letter's isolated form for the letter itself). */
export const baseLetter = (cp: number): number | undefined => BASE.get(cp);

/** Replaces Arabic letters by their contextual presentation forms (logical order kept). */
export function shapeArabic(text: string): string {
  const cps = [...text].map((c) => c.codePointAt(0)!).filter((cp) => !isMark(cp));
  const out: number[] = [];
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i]!;
    const forms = FORMS[cp];
    if (!forms) {
      out.push(cp);
      continue;
    }
    const prev = joinsOnBothSides(cps[i - 1]);
    const ligature = cp === 0x0644 ? LAM_ALEF[cps[i + 1]!] : undefined;
    if (ligature) {
      out.push(ligature[prev ? 1 : 0]);
      i++;
      continue;
    }
    const next = forms.length === 4 && joins(cps[i + 1]);
    out.push(prev && next ? forms[3]! : prev ? forms[1]! : next ? forms[2]! : forms[0]!);
  }
  return String.fromCodePoint(...out);
}

type Kind = 'L' | 'R' | 'N' | 'num';
const RLM = 0x200f;
const LRM = 0x200e;
const ALM = 0x061c;
const isArabicDigit = (cp: number) => (cp >= 0x0660 && cp <= 0x0669) || (cp >= 0x06f0 && cp <= 0x06f9);
/** Separators that join digits into one number: . , : / and the Arabic decimal and thousands separators. */
const SEPARATORS = new Set([0x2e, 0x2c, 0x3a, 0x2f, 0x066b, 0x066c]);
const MIRROR: Record<number, number> = { 0x28: 0x29, 0x29: 0x28, 0x5b: 0x5d, 0x5d: 0x5b, 0x3c: 0x3e, 0x3e: 0x3c, 0xab: 0xbb, 0xbb: 0xab };

function kindOf(cp: number): Kind {
  if ((cp >= 0x30 && cp <= 0x39) || isArabicDigit(cp)) return 'num';
  if (cp === RLM || cp === ALM) return 'R';
  // The Arabic comma, percent, decimal and thousands separators are neutral, as their Latin counterparts are.
  if (cp === 0x060c || (cp >= 0x066a && cp <= 0x066c)) return 'N';
  if (cp === LRM) return 'L';
  if ((cp >= 0x0590 && cp <= 0x08ff) || (cp >= 0xfb1d && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfefc)) return 'R';
  if ((cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) || (cp >= 0xc0 && cp <= 0x24f && cp !== 0xd7 && cp !== 0xf7)) return 'L';
  return 'N';
}

/**
 * The visual order (left to right) of one line in a paragraph of the given direction. Bidi marks (LRM, RLM, ALM)
 * steer it and are removed.
 */
export function visualOrder(text: string, rtl: boolean): string {
  const cps = [...text].map((c) => c.codePointAt(0)!);
  const kinds = cps.map(kindOf);
  // A single separator between two digits, and % after a number, belong to the number.
  for (let i = 1; i < cps.length; i++) {
    if (kinds[i] === 'N' && kinds[i - 1] === 'num' && ((SEPARATORS.has(cps[i]!) && kinds[i + 1] === 'num') || cps[i] === 0x25))
      kinds[i] = 'num';
  }
  // European digits after Latin text (or at the start of a left-to-right line) read as Latin (UBA W7).
  let strong: Kind = rtl ? 'R' : 'L';
  const numberAfterLatin = kinds.map((k, i) => {
    if (k === 'L' || k === 'R') strong = k;
    return k === 'num' && strong === 'L' && !isArabicDigit(cps[i]!);
  });
  const resolved: Kind[] = kinds.map((k, i) => (numberAfterLatin[i] ? 'L' : k));
  // Neutrals take the direction of their neighbours when both agree (numbers count as right to left), else the line's.
  const asStrong = (k: Kind | undefined): 'L' | 'R' => (k === undefined ? (rtl ? 'R' : 'L') : k === 'L' ? 'L' : 'R');
  for (let i = 0; i < resolved.length; i++) {
    if (resolved[i] !== 'N') continue;
    let j = i;
    while (j < resolved.length && resolved[j] === 'N') j++;
    const before = asStrong(resolved[i - 1]);
    const after = asStrong(resolved[j]);
    const direction: Kind = before === after ? before : rtl ? 'R' : 'L';
    for (let k = i; k < j; k++) resolved[k] = direction;
    i = j - 1;
  }
  const levels = resolved.map((k) => (k === 'R' ? 1 : k === 'num' ? 2 : rtl ? 2 : 0));
  const order = cps.map((_, i) => i);
  const max = Math.max(0, ...levels);
  for (let level = max; level >= 1; level--) {
    for (let i = 0; i < order.length; ) {
      if (levels[order[i]!]! < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && levels[order[j]!]! >= level) j++;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }
  return String.fromCodePoint(
    ...order
      .filter((i) => cps[i] !== RLM && cps[i] !== LRM && cps[i] !== ALM)
      .map((i) => (levels[i]! % 2 === 1 && MIRROR[cps[i]!] ? MIRROR[cps[i]!]! : cps[i]!)),
  );
}

/** A logical line of text as it is drawn: shaped, then in visual order. */
export const layoutLine = (text: string, rtl: boolean): string => visualOrder(shapeArabic(text), rtl);
