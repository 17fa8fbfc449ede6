import { readFileSync } from 'node:fs';
import { passwordContainsEmailName } from '@evc/contracts';
import { DomainError } from '../shared/domain-error';
import { generatePassword } from './secrets';

/**
 * About 1,900 of the most common passwords and their base words (SecLists' 10k-most-common, MIT licence, plus
 * Egyptian names, places, clubs and dates' words), shipped in the repository: nothing is downloaded at install or
 * run time.
 */
const COMMON = new Set(
  readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8')
    .split(/\s+/)
    .filter(Boolean),
);
/** Shorter words are too often part of a strong password by chance to count when found inside one. */
const WORD_MIN = 4;
/** A password that leaves fewer characters than this unexplained by words, sequences and dates is weak. */
const UNPREDICTABLE_MIN = 5;

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };
const unleet = (s: string) => s.replace(/[013457@$!]/g, (c) => LEET[c]!);

/** Runs people type without thinking: keyboard rows, the alphabet and the digits, either way. */
const RUNS = [
  '1234567890',
  '!@#$%^&*()',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'abcdefghijklmnopqrstuvwxyz',
  'qazwsxedcrfvtgbyhnujmikolp',
].flatMap((r) => [r, [...r].reverse().join('')]);
const RUN_MIN = 4;
const PATTERNS = [
  /(.)\1{2,}/g, // aaa, 111
  /(.{2,}?)\1+/g, // abab, 123123
  /(19|20)\d\d/g, // a year
  /\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}/g, // a date written with separators
  /(0[1-9]|[12]\d|3[01])(0[1-9]|1[0-2])((19|20)?\d\d)?/g, // ddmm, ddmmyy, ddmmyyyy
];

/** Marks the characters of `s` that a guesser would try first: common words, runs, repetitions, years and dates. */
function markPredictable(s: string, covered: boolean[]): void {
  const mark = (from: number, to: number) => covered.fill(true, from, to);
  for (let i = 0; i < s.length; i++) {
    for (let j = s.length; j - i >= Math.min(WORD_MIN, RUN_MIN); j--) {
      const part = s.slice(i, j);
      if ((j - i >= WORD_MIN && COMMON.has(part)) || (j - i >= RUN_MIN && RUNS.some((r) => r.includes(part)))) {
        mark(i, j);
        break;
      }
    }
  }
  for (const pattern of PATTERNS) for (const m of s.matchAll(pattern)) mark(m.index, m.index + m[0].length);
}

/**
 * A weak password: a common one (also lower-cased, with the digits and symbols around it, or read without
 * leetspeak), or one that is mostly common words, keyboard or digit runs, repetitions, years and dates with only a
 * few characters around them: `Summer2024!`, `P@ssw0rd1`, `12345678Aa`, `iloveyou1A` and `Tahrir2011!` are all
 * refused. What is left once those are taken out must be at least UNPREDICTABLE_MIN characters.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const letters = lower.replace(/[^\p{L}]+/gu, '');
  if ([lower, letters, unleet(lower), unleet(lower).replace(/[^\p{L}]+/gu, '')].some((candidate) => COMMON.has(candidate))) return true;
  const covered: boolean[] = Array.from({ length: lower.length }, () => false);
  markPredictable(lower, covered);
  markPredictable(unleet(lower), covered);
  return covered.filter((c) => !c).length < UNPREDICTABLE_MIN;
}

/** Refuses a new password that holds the e-mail's name or is weak; the form shows the code beside the field. */
export function assertPasswordAllowed(password: string, email: string): void {
  const code = passwordContainsEmailName(password, email)
    ? 'password_contains_email'
    : isCommonPassword(password)
      ? 'password_common'
      : null;
  if (code) throw new DomainError('request.invalid', 'Choose a less guessable password', [{ path: 'password', code }]);
}

/** A generated first password that obeys the same policy (a random one only rarely needs a second draw). */
export function generateAllowedPassword(email: string): string {
  for (;;) {
    const password = generatePassword();
    if (!passwordContainsEmailName(password, email) && !isCommonPassword(password)) return password;
  }
}
