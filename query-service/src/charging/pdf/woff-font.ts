import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

/**
 * A TrueType font read from a WOFF 1.0 file (the self-hosted Cairo font of @fontsource/cairo): its tables inflated
 * back into an sfnt for embedding in a PDF (FontFile2), and what layout needs: the character map, advance widths and
 * the vertical metrics. Only what the receipt uses: cmap format 4 (the Basic Multilingual Plane).
 */
export class TrueTypeFont {
  readonly sfnt: Buffer;
  readonly unitsPerEm: number;
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly bbox: [number, number, number, number];
  private readonly advances: number[];
  private readonly cmap: Map<number, number>;

  constructor(
    readonly name: string,
    woff: Buffer,
  ) {
    if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error(`${name}: not a WOFF 1.0 file`);
    const count = woff.readUInt16BE(12);
    const tables = new Map<string, { data: Buffer; checksum: number }>();
    for (let i = 0; i < count; i++) {
      const at = 44 + i * 20;
      const tag = woff.toString('latin1', at, at + 4);
      const offset = woff.readUInt32BE(at + 4);
      const compressed = woff.readUInt32BE(at + 8);
      const length = woff.readUInt32BE(at + 12);
      const raw = woff.subarray(offset, offset + compressed);
      tables.set(tag, { data: compressed < length ? inflateSync(raw) : Buffer.from(raw), checksum: woff.readUInt32BE(at + 16) });
    }
    const table = (tag: string) => {
      const t = tables.get(tag);
      if (!t) throw new Error(`${name}: no ${tag} table`);
      return t.data;
    };
    this.sfnt = toSfnt(woff.readUInt32BE(4), tables);
    const head = table('head');
    this.unitsPerEm = head.readUInt16BE(18);
    this.bbox = [head.readInt16BE(36), head.readInt16BE(38), head.readInt16BE(40), head.readInt16BE(42)];
    const hhea = table('hhea');
    this.ascent = hhea.readInt16BE(4);
    this.descent = hhea.readInt16BE(6);
    const os2 = tables.get('OS/2')?.data;
    this.capHeight = os2 && os2.readUInt16BE(0) >= 2 ? os2.readInt16BE(88) : this.ascent;
    const glyphs = table('maxp').readUInt16BE(4);
    const longMetrics = hhea.readUInt16BE(34);
    const hmtx = table('hmtx');
    this.advances = Array.from({ length: glyphs }, (_, g) => hmtx.readUInt16BE(Math.min(g, longMetrics - 1) * 4));
    this.cmap = readCmap(table('cmap'));
  }

  /** The glyph of a code point; 0 (.notdef) when the font has none. */
  glyph(codePoint: number): number {
    return this.cmap.get(codePoint) ?? 0;
  }

  has(codePoint: number): boolean {
    return this.cmap.has(codePoint);
  }

  /** Advance width in thousandths of the font size (PDF glyph space). */
  width(glyph: number): number {
    return Math.round(((this.advances[glyph] ?? 0) * 1000) / this.unitsPerEm);
  }
}

/** The sfnt (TrueType file) of a WOFF's inflated tables: offset table, table records, tables 4-byte aligned. */
function toSfnt(flavor: number, tables: Map<string, { data: Buffer; checksum: number }>): Buffer {
  const tags = [...tables.keys()].sort();
  const n = tags.length;
  const power = 2 ** Math.floor(Math.log2(n));
  const header = Buffer.alloc(12 + 16 * n);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(n, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(n * 16 - power * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tags.forEach((tag, i) => {
    const { data, checksum } = tables.get(tag)!;
    const at = 12 + i * 16;
    header.write(tag, at, 'latin1');
    header.writeUInt32BE(checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(data.length, at + 12);
    const padded = Buffer.alloc((data.length + 3) & ~3);
    data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

/** Code point → glyph from the Windows Unicode BMP subtable (format 4), else the first format 4 found. */
function readCmap(cmap: Buffer): Map<number, number> {
  const map = new Map<number, number>();
  const subtables = cmap.readUInt16BE(2);
  let chosen = -1;
  for (let i = 0; i < subtables; i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const offset = cmap.readUInt32BE(8 + i * 8);
    if (cmap.readUInt16BE(offset) !== 4) continue;
    if (chosen < 0 || (platform === 3 && encoding === 1)) chosen = offset;
  }
  if (chosen < 0) throw new Error('no cmap format 4 subtable');
  const segments = cmap.readUInt16BE(chosen + 6) / 2;
  const ends = chosen + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const ranges = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = cmap.readUInt16BE(ends + s * 2);
    const start = cmap.readUInt16BE(starts + s * 2);
    const delta = cmap.readInt16BE(deltas + s * 2);
    const rangeOffset = cmap.readUInt16BE(ranges + s * 2);
    for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (cp + delta) & 0xffff;
      else {
        const raw = cmap.readUInt16BE(ranges + s * 2 + rangeOffset + (cp - start) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) map.set(cp, glyph);
    }
  }
  return map;
}

const require = createRequire(import.meta.url);
const cache = new Map<string, TrueTypeFont>();

/** Cairo (the product's typeface) in one unicode subset and weight, read once per process. */
export function cairoFont(subset: 'arabic' | 'latin', weight: 400 | 700): TrueTypeFont {
  const key = `${subset}-${weight}`;
  let font = cache.get(key);
  if (!font) {
    const file = require.resolve(`@fontsource/cairo/files/cairo-${subset}-${weight}-normal.woff`);
    font = new TrueTypeFont(`Cairo-${subset === 'arabic' ? 'Arabic' : 'Latin'}-${weight === 700 ? 'Bold' : 'Regular'}`, readFileSync(file));
    cache.set(key, font);
  }
  return font;
}
