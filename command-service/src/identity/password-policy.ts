import { readFileSync } from 'node:fs';
import { passwordContainsEmailName } from '@evc/contracts';
import { DomainError } from '../shared/domain-error';

/**
 * About 1,900 of the most common passwords and their base words (SecLists' 10k-most-common, MIT licence, plus
 * Egyptian names and words), shipped in the repository: nothing is downloaded at install or run time.
 */
const COMMON = new Set(readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8').split(/\s+/).filter(Boolean));

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };
const withoutAffixes = (s: string) => s.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
const unleet = (s: string) => s.replace(/[013457@$!]/g, (c) => LEET[c]!);

/**
 * A common password, also once lower-cased, stripped of the digits and symbols around it and read without
 * leetspeak: `Summer2024!`, `P@ssw0rd1` and `Qwerty123` are all refused.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const bare = withoutAffixes(lower);
  return [lower, bare, unleet(bare), withoutAffixes(unleet(lower))].some((candidate) => COMMON.has(candidate));
}

/** Refuses a new password that is common or holds the e-mail's name; the form shows the code beside the field. */
export function assertPasswordAllowed(password: string, email: string): void {
  const code = isCommonPassword(password) ? 'password_common' : passwordContainsEmailName(password, email) ? 'password_contains_email' : null;
  if (code) throw new DomainError('request.invalid', 'Choose a less guessable password', [{ path: 'password', code }]);
}
