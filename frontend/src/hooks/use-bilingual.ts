import { useLocale } from './use-locale';

/** The name in the UI language, the other language beside it when it differs (a record's English and Arabic texts). */
export function useBilingual() {
  const locale = useLocale();
  return {
    locale,
    name: (en: string, ar: string) => (locale === 'ar' ? ar : en),
    other: (en: string, ar: string) => (locale === 'ar' ? en : ar),
    sortKey: (en: string, ar: string) => (locale === 'ar' ? ar : en),
    /** The default sort of a list on Arabic pages: by the Arabic name (English pages keep the server's default). */
    arabicDefault: (ar: string) => (locale === 'ar' ? ar : undefined),
  };
}
