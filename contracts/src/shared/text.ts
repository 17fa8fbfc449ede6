import { z } from 'zod';

/**
 * Characters no free text may hold: C0 controls (NUL, ESC, …) except tab, line feed and carriage return,
 * DEL, the C1 controls, and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069:
 * "Trojan Source" reordering). Invisible characters are refused too (hasInvisibleCharacters).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** A single line also refuses tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const IN_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** The field error code of a refused character; the frontend says "contains characters that are not allowed". */
export const CONTROL_CHARACTERS = 'control_characters';

/**
 * Invisible characters: every format character (Unicode Cf: zero-width space, BOM, bidi marks, word
 * joiner, invisible operators, tag characters U+E0000–E007F, …), the line and paragraph separators U+2028/U+2029,
 * lone surrogates, variation selectors, the combining grapheme joiner and the blank letters that render as nothing
 * (Hangul fillers, the blank braille pattern). They let two names that look the same differ, hide text from a
 * reviewer, or smuggle instructions past one.
 */
// eslint-disable-next-line no-misleading-character-class -- each combining or selector character is matched alone on purpose
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}\p{Cs}\u034F\u115F\u1160\u2800\u3164\uFFA0\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;
/** Bidi marks (LRM, RLM, ALM): invisible, but pasted Arabic text often carries them, so free text drops them. */
const BIDI_MARKS = /[\u200E\u200F\u061C]/g;
const BIDI_MARK = new Set(['\u200E', '\u200F', '\u061C']);
const ZWNJ = '\u200C';
const ZWJ = '\u200D';
const ARABIC_BEFORE = /[\p{Script=Arabic}\p{Mn}]/u;
const ARABIC = /\p{Script=Arabic}/u;
const EMOJI_BEFORE = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
const EMOJI = /\p{Extended_Pictographic}/u;

const codePointBefore = (s: string, i: number): string => {
  if (i <= 0) return '';
  const low = s.charCodeAt(i - 1);
  return low >= 0xdc00 && low <= 0xdfff && i >= 2 ? s.slice(i - 2, i) : s.slice(i - 1, i);
};
const codePointAt = (s: string, i: number): string => (i < s.length ? String.fromCodePoint(s.codePointAt(i)!) : '');

/**
 * Whether `value` holds an invisible character that its kind of text may not hold. `free` text (names, titles,
 * messages) keeps what writing needs: the zero-width non-joiner and joiner between Arabic-script letters (Persian and
 * Arabic typography break or force a join with them), in multi-line text also the joiner and the emoji variation
 * selectors inside emoji; the bidi marks are left to the schema, which drops them. `strict` text (passwords,
 * e-mails) refuses every invisible character.
 */
export function hasInvisibleCharacters(value: string, kind: 'line' | 'multiline' | 'strict' = 'line'): boolean {
  for (const match of value.matchAll(INVISIBLE)) {
    if (kind === 'strict') return true;
    const ch = match[0];
    const i = match.index;
    if (BIDI_MARK.has(ch)) continue;
    const before = codePointBefore(value, i);
    const after = codePointAt(value, i + ch.length);
    if ((ch === ZWNJ || ch === ZWJ) && ARABIC_BEFORE.test(before) && ARABIC.test(after)) continue;
    if (kind === 'multiline' && ch === ZWJ && EMOJI_BEFORE.test(before) && EMOJI.test(after)) continue;
    if (kind === 'multiline' && (ch === '\uFE0E' || ch === '\uFE0F') && EMOJI.test(before)) continue;
    return true;
  }
  return false;
}

/** Free text without its bidi marks (the page sets the direction; the marks only hide differences). */
export const withoutBidiMarks = (value: string): string => value.replace(BIDI_MARKS, '');

export const hasControlCharacters = (value: string, multiline = false): boolean =>
  (multiline ? IN_TEXT : IN_LINE).test(value) || hasInvisibleCharacters(value, multiline ? 'multiline' : 'line');

const refused = { params: { code: CONTROL_CHARACTERS } };

/**
 * One line of free text (names, titles, addresses): trimmed, min..max characters, no control or invisible
 * characters; bidi marks are dropped.
 */
export const lineTextSchema = (min: number, max: number) =>
  z
    .string()
    .refine((v) => !hasControlCharacters(v), refused)
    .overwrite(withoutBidiMarks)
    .trim()
    .min(min)
    .max(max);

/**
 * Free text that may span lines (messages, reasons): tab and line breaks allowed, other controls and invisible
 * characters refused (emoji sequences kept); bidi marks are dropped.
 */
export const multilineTextSchema = (min: number, max: number) =>
  z
    .string()
    .refine((v) => !hasControlCharacters(v, true), refused)
    .overwrite(withoutBidiMarks)
    .trim()
    .min(min)
    .max(max);

/**
 * The dotted paths of every string in `input` holding a character no text may hold (tab and line breaks allowed).
 * The API runs it over every body and query string before the operation's schema, so a field whose schema is a
 * plain string (or one added later) is covered too.
 */
export function controlCharacterPaths(input: unknown, path = '', depth = 0, found: string[] = []): string[] {
  if (found.length >= 20 || depth > 20) return found;
  if (typeof input === 'string') {
    if (hasControlCharacters(input, true)) found.push(path);
  } else if (Array.isArray(input)) {
    input.forEach((item, i) => controlCharacterPaths(item, path ? `${path}.${i}` : String(i), depth + 1, found));
  } else if (input !== null && typeof input === 'object' && !isBinary(input)) {
    for (const [key, value] of Object.entries(input)) {
      if (hasControlCharacters(key, true)) found.push(path ? `${path}.${key}` : key);
      controlCharacterPaths(value, path ? `${path}.${key}` : key, depth + 1, found);
    }
  }
  return found;
}

/** Binary bodies (uploads) are not text; contracts has no Node types, so this asks the value itself. */
const isBinary = (v: object): boolean => v instanceof Uint8Array;
