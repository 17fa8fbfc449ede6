import { deflateSync } from 'node:zlib';
import { baseLetter, layoutLine } from './text-layout';
import type { TrueTypeFont } from './woff-font';

/** A4 in points. */
export const PAGE = { width: 595.28, height: 841.89 } as const;

export interface TextStyle {
  size: number;
  bold?: boolean;
  /** Where x is: the start of the text (left), or its end (right). */
  align?: 'left' | 'right';
  /** Grey instead of black. */
  muted?: boolean;
}

/** The fonts of one weight: Arabic letters and digits from the Arabic subset, everything else from the Latin one. */
export interface FontPair {
  arabic: TrueTypeFont;
  latin: TrueTypeFont;
}

interface EmbeddedFont {
  resource: string;
  font: TrueTypeFont;
  /** Glyph → the text it stands for (the ToUnicode map: copying and searching the PDF's text). */
  used: Map<number, string>;
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0').toUpperCase();
const num = (n: number) => (Math.round(n * 100) / 100).toString();
/** UTF-16BE code units as hex (ToUnicode values, PDF text strings). */
const utf16Hex = (s: string) => Array.from({ length: s.length }, (_, i) => hex4(s.charCodeAt(i))).join('');

/**
 * A one-page PDF 1.4 written by hand: TrueType fonts embedded whole as Type0/CIDFontType2 (Identity-H, glyph ids in
 * the text), each with a ToUnicode map, so the text can be selected, searched and extracted in any language; the
 * page's content stream is left uncompressed (it is small), the fonts are deflated.
 */
export class PdfDocument {
  private readonly content: string[] = [];
  private readonly fonts = new Map<TrueTypeFont, EmbeddedFont>();

  constructor(
    private readonly regular: FontPair,
    private readonly bold: FontPair,
    private readonly rtl: boolean,
  ) {}

  private embedded(font: TrueTypeFont): EmbeddedFont {
    let e = this.fonts.get(font);
    if (!e) {
      e = { resource: `F${this.fonts.size + 1}`, font, used: new Map() };
      this.fonts.set(font, e);
    }
    return e;
  }

  /** The visual glyph runs of a line: consecutive characters of one font. */
  private runs(text: string, style: TextStyle): { font: EmbeddedFont; glyphs: number[]; width: number }[] {
    const pair = style.bold ? this.bold : this.regular;
    const runs: { font: EmbeddedFont; glyphs: number[]; width: number }[] = [];
    for (const ch of layoutLine(text, this.rtl)) {
      let cp = ch.codePointAt(0)!;
      // A font without a letter's isolated presentation form draws the letter itself that way; no-break spaces are spaces.
      if (!pair.arabic.has(cp)) cp = baseLetter(cp) ?? cp;
      if (cp === 0xa0 || cp === 0x202f) cp = 0x20;
      const arabic = (cp >= 0x0600 && cp <= 0x06ff) || (cp >= 0xfb50 && cp <= 0xfefc);
      const font = arabic ? (pair.arabic.has(cp) ? pair.arabic : pair.latin) : pair.latin.has(cp) ? pair.latin : pair.arabic;
      const glyph = font.glyph(cp);
      const e = this.embedded(font);
      e.used.set(glyph, String.fromCodePoint(cp));
      const last = runs.at(-1);
      const width = (font.width(glyph) * style.size) / 1000;
      if (last && last.font === e) {
        last.glyphs.push(glyph);
        last.width += width;
      } else runs.push({ font: e, glyphs: [glyph], width });
    }
    return runs;
  }

  /** The width of a line in points. */
  measure(text: string, style: TextStyle): number {
    return this.runs(text, style).reduce((w, r) => w + r.width, 0);
  }

  /** Draws one line with its baseline at y (points from the bottom). */
  text(text: string, x: number, y: number, style: TextStyle): void {
    const runs = this.runs(text, style);
    const width = runs.reduce((w, r) => w + r.width, 0);
    const start = style.align === 'right' ? x - width : x;
    const ops = [`BT ${style.muted ? '0.4 0.4 0.4' : '0 0 0'} rg ${num(start)} ${num(y)} Td`];
    for (const r of runs) ops.push(`/${r.font.resource} ${num(style.size)} Tf <${r.glyphs.map(hex4).join('')}> Tj`);
    ops.push('ET');
    this.content.push(ops.join(' '));
  }

  /** A horizontal rule. */
  rule(x1: number, x2: number, y: number, width = 0.5): void {
    this.content.push(`0.6 0.6 0.6 RG ${num(width)} w ${num(x1)} ${num(y)} m ${num(x2)} ${num(y)} l S`);
  }

  /** The finished file. */
  toBuffer(info: { title: string; createdAt: Date }): Buffer {
    const objects: (string | Buffer)[] = [];
    const add = (body: string | Buffer) => objects.push(body);
    const stream = (dict: string, data: Buffer, deflate: boolean) => {
      const body = deflate ? deflateSync(data) : data;
      return Buffer.concat([
        Buffer.from(`<< ${dict} /Length ${body.length}${deflate ? ' /Filter /FlateDecode' : ''} >>\nstream\n`, 'latin1'),
        body,
        Buffer.from('\nendstream', 'latin1'),
      ]);
    };
    // 1 catalog, 2 pages, 3 page, 4 content, 5 info; fonts from 6 on (five objects each).
    const fontRefs: string[] = [];
    let next = 6;
    const fontObjects: (string | Buffer)[] = [];
    for (const e of this.fonts.values()) {
      const [type0, cid, descriptor, file, toUnicode] = [next, next + 1, next + 2, next + 3, next + 4];
      next += 5;
      fontRefs.push(`/${e.resource} ${type0} 0 R`);
      const f = e.font;
      const scale = (v: number) => Math.round((v * 1000) / f.unitsPerEm);
      const glyphs = [...e.used.keys()].sort((a, b) => a - b);
      const widths = glyphs.map((g) => `${g} [${f.width(g)}]`).join(' ');
      fontObjects.push(
        `<< /Type /Font /Subtype /Type0 /BaseFont /${f.name} /Encoding /Identity-H /DescendantFonts [${cid} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
      );
      fontObjects.push(
        `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${f.name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R /CIDToGIDMap /Identity /DW 500 /W [${widths}] >>`,
      );
      fontObjects.push(
        `<< /Type /FontDescriptor /FontName /${f.name} /Flags 4 /FontBBox [${f.bbox.map(scale).join(' ')}] /ItalicAngle 0 /Ascent ${scale(f.ascent)} /Descent ${scale(f.descent)} /CapHeight ${scale(f.capHeight)} /StemV 80 /FontFile2 ${file} 0 R >>`,
      );
      fontObjects.push(stream(`/Length1 ${f.sfnt.length}`, f.sfnt, true));
      const entries = glyphs.map((g) => `<${hex4(g)}> <${utf16Hex(e.used.get(g)!)}>`);
      const chunks: string[] = [];
      for (let i = 0; i < entries.length; i += 100)
        chunks.push(`${Math.min(100, entries.length - i)} beginbfchar\n${entries.slice(i, i + 100).join('\n')}\nendbfchar`);
      const cmap = [
        '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
        '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def',
        '1 begincodespacerange <0000> <FFFF> endcodespacerange',
        ...chunks,
        'endcmap CMapName currentdict /CMap defineresource pop end end',
      ].join('\n');
      fontObjects.push(stream('', Buffer.from(cmap, 'latin1'), false));
    }
    const date = info.createdAt.toISOString().replace(/[-:T]/g, '').slice(0, 14);
    add('<< /Type /Catalog /Pages 2 0 R >>');
    add('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << ${fontRefs.join(' ')} >> >> /Contents 4 0 R >>`,
    );
    add(stream('', Buffer.from(this.content.join('\n'), 'latin1'), false));
    add(`<< /Title <FEFF${utf16Hex(info.title)}> /Producer (EV Charge Egypt) /CreationDate (D:${date}Z) >>`);
    objects.push(...fontObjects);
    const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
    let offset = parts[0]!.length;
    const offsets: number[] = [];
    objects.forEach((body, i) => {
      offsets.push(offset);
      const chunk = Buffer.concat([
        Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
        typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
        Buffer.from('\nendobj\n', 'latin1'),
      ]);
      parts.push(chunk);
      offset += chunk.length;
    });
    const xref = [
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
      ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
    ].join('');
    parts.push(
      Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'),
    );
    return Buffer.concat(parts);
  }
}
