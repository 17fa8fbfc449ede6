import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { ROOT } from '../../support/process';
import type { Lang } from './journey';

export type Words = Record<string, string>;

/** The page's own words, read from the catalogs, so a journey follows what a person sees in each language. */
export async function words(lang: Lang): Promise<Words> {
  const read = async (catalog: string) =>
    JSON.parse(await readFile(path.join(ROOT, `frontend/src/locales/${lang}/${catalog}.json`), 'utf8')) as Words;
  return { ...(await read('public')), ...(await read('app')) };
}

/** A catalog message formatted as the page formats it (ICU plurals and selects, the language's digits). */
export function say(t: Words, lang: Lang, id: string, values: Record<string, string | number> = {}): string {
  const message = t[id];
  if (message === undefined) throw new Error(`no message ${id}`);
  return String(new IntlMessageFormat(message, lang === 'ar' ? 'ar-EG' : 'en-GB').format(values));
}
