import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useAtomValue } from 'jotai';
import type { Locale } from '@evc/contracts/constants';
import { applyDocumentLocale, localeAtom } from '../locale-state';
import { defaultMessages, loadMessages, type Messages } from '../load-messages';
import { intlLocale } from '../../../lib/format';

interface Active {
  locale: Locale;
  messages: Messages;
}

/** Switches language once its catalog has loaded, then sets <html lang dir> to match. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const wanted = useAtomValue(localeAtom);
  const [active, setActive] = useState<Active>({ locale: 'en', messages: defaultMessages });

  useEffect(() => {
    let cancelled = false;
    void loadMessages(wanted).then((messages) => {
      if (!cancelled) setActive({ locale: wanted, messages });
    });
    return () => {
      cancelled = true;
    };
  }, [wanted]);

  useEffect(() => applyDocumentLocale(active.locale), [active.locale]);

  return (
    <IntlProvider locale={intlLocale(active.locale)} defaultLocale="en-GB" messages={active.messages} textComponent="span">
      {children}
    </IntlProvider>
  );
}
