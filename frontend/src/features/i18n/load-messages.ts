import type { Locale } from '@evc/contracts/constants';
import en from '../../locales/en.json';

import type { MessageFormatElement } from 'react-intl';

/** Strings in dev and tests; pre-parsed ICU ASTs in production builds (see vite.config.ts). */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/** English ships in the main bundle; Arabic loads on demand as its own chunk. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === 'ar') return (await import('../../locales/ar.json')).default as Messages;
  return en as Messages;
}

export const defaultMessages = en as Messages;
