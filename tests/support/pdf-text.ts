/**
 * The text lines of a PDF the receipts write (query-service/src/receipts/pdf): each BT…ET block of the page's
 * uncompressed content stream, its glyph ids read back through the fonts' ToUnicode maps. Lines come in visual order
 * (left to right), as a reader sees them; `logical` turns an Arabic line back into reading order.
 */
export function pdfTextLines(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const objects = new Map<number, string>();
  for (const m of text.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) objects.set(Number(m[1]), m[2]!);
  const streamOf = (id: number) => /stream\n([\s\S]*?)\nendstream/.exec(objects.get(id) ?? '')?.[1] ?? '';
  const toUnicode = new Map<string, Map<string, string>>();
  const page = [...objects.values()].find((o) => o.includes('/Type /Page '))!;
  for (const [, name, id] of page.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const cmapId = Number(/\/ToUnicode (\d+) 0 R/.exec(objects.get(Number(id))!)![1]);
    const map = new Map<string, string>();
    for (const [, glyph, unicode] of streamOf(cmapId).matchAll(/<([0-9A-F]{4})> <([0-9A-F]+)>/g)) {
      map.set(glyph!, String.fromCharCode(...unicode!.match(/.{4}/g)!.map((u) => parseInt(u, 16))));
    }
    toUnicode.set(name!, map);
  }
  const contentId = Number(/\/Contents (\d+) 0 R/.exec(page)![1]);
  return [...streamOf(contentId).matchAll(/BT([\s\S]*?)ET/g)].map(([, block]) => {
    let font = '';
    let line = '';
    for (const [, name, hex] of block!.matchAll(/\/(F\d+) [\d.]+ Tf|<([0-9A-F]+)> Tj/g)) {
      if (name) font = name;
      else
        line += hex!
          .match(/.{4}/g)!
          .map((g) => toUnicode.get(font)?.get(g) ?? '\uFFFD')
          .join('');
    }
    return line;
  });
}

/** An Arabic line in reading order: presentation forms back to letters, the visual order reversed. */
export const logical = (visualLine: string): string => [...visualLine.normalize('NFKC')].reverse().join('');
