import { useEffect, useMemo, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useAtomValue } from 'jotai';
import { applyDocumentLocale, localeAtom } from '../stores/locale-state';
import { catalogsAtom, messagesOf, shownLocaleAtom } from '../lib/i18n/load-messages';
import { intlLocale } from '../lib/format';

/**
 * Renders the shown language (see connectI18n: it switches once the chosen language's catalogs have loaded), then
 * sets <html lang dir> to match. Before the first catalog arrives the router renders nothing: the root route's
 * loader waits for it.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const chosen = useAtomValue(localeAtom);
  const locale = useAtomValue(shownLocaleAtom) ?? chosen;
  const catalogs = useAtomValue(catalogsAtom);
  const messages = useMemo(() => messagesOf(catalogs, locale), [catalogs, locale]);

  useEffect(() => applyDocumentLocale(locale), [locale]);

  return (
    <IntlProvider locale={intlLocale(locale)} defaultLocale="en-GB" messages={messages} textComponent="span">
      {children}
    </IntlProvider>
  );
}
