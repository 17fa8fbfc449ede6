import { z } from 'zod';

/**
 * Characters no free text may hold (issue 16): C0 controls (NUL, ESC, …) except tab, line feed and carriage return,
 * DEL, the C1 controls, and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069:
 * "Trojan Source" reordering). Marks that Arabic text needs (U+200E/U+200F, joiners) stay allowed.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** A single line also refuses tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const IN_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** The field error code of a refused character; the frontend says "contains characters that are not allowed". */
export const CONTROL_CHARACTERS = 'control_characters';

export const hasControlCharacters = (value: string, multiline = false): boolean => (multiline ? IN_TEXT : IN_LINE).test(value);

const refused = { params: { code: CONTROL_CHARACTERS } };

/** One line of free text (names, titles, addresses): trimmed, min..max characters, no control characters. */
export const lineTextSchema = (min: number, max: number) =>
  z
    .string()
    .refine((v) => !hasControlCharacters(v), refused)
    .trim()
    .min(min)
    .max(max);

/** Free text that may span lines (messages, reasons): tab and line breaks allowed, other controls refused. */
export const multilineTextSchema = (min: number, max: number) =>
  z
    .string()
    .refine((v) => !hasControlCharacters(v, true), refused)
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
