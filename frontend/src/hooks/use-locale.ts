import { useIntl } from 'react-intl';
import type { Locale } from '@evc/contracts/shared';

/** The language currently rendered (follows the loaded catalog, not the pending choice). */
export function useLocale(): Locale {
  return useIntl().locale.startsWith('ar') ? 'ar' : 'en';
}
