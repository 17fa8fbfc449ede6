import { useIntl } from 'react-intl';
import { FormattedMessage } from 'react-intl';
import { Button } from '../ui/button';
import { ApiRequestError } from '../../lib/api-client';
import { translateErrorCode } from '../../lib/i18n/translate-error';
import { Alert, Toolbar } from './admin-ui';
import type { Locale } from '@evc/contracts/shared';
import { useLocale } from '../../hooks/use-locale';

/** What the failed request tried: the in-use message says "can't be deleted" or "can't be deactivated". */
export type ProblemContext = 'save' | 'delete' | 'deactivate';

export const isConflict = (error: unknown): boolean => error instanceof ApiRequestError && error.code === 'concurrency.conflict';

/** The names an in-use refusal lists (`fieldErrors[0].params.names`, or `namesAr` on an Arabic page). */
export function inUseNames(error: unknown, locale: Locale = 'en'): string | null {
  if (!(error instanceof ApiRequestError) || error.code !== 'catalog.in_use') return null;
  const params = error.fieldErrors[0]?.params;
  const names = (locale === 'ar' ? params?.namesAr : undefined) ?? params?.names;
  return names === undefined ? '' : String(names);
}

/** A failed command in the UI language: in-use with the names, the concurrency conflict, or the error code. */
export function useProblemText() {
  const intl = useIntl();
  const locale = useLocale();
  return (error: unknown, context: ProblemContext = 'save'): string => {
    const names = inUseNames(error, locale);
    if (names !== null) {
      // the server says which it refused (params.action); otherwise the caller's context decides
      const action = error instanceof ApiRequestError ? error.fieldErrors[0]?.params?.action : undefined;
      const refused = action === 'delete' || action === 'deactivate' ? action : context;
      const list = names
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      const joined = intl.formatList(list.length > 0 ? list : ['—'], { type: 'conjunction' });
      return intl.formatMessage({ id: refused === 'delete' ? 'admin.inUseDelete' : 'admin.inUseDeactivate' }, { names: joined });
    }
    if (isConflict(error)) return intl.formatMessage({ id: 'admin.conflict' });
    return translateErrorCode(intl, error instanceof ApiRequestError ? error.code : 'server.error');
  };
}

/** A form's or confirmation's failure; a concurrency conflict offers Reload (the input stays until then). */
export function ProblemAlert({ error, context = 'save', onReload }: { error: unknown; context?: ProblemContext; onReload?: () => void }) {
  const text = useProblemText();
  return (
    <div>
      <Alert role="alert">{text(error, context)}</Alert>
      {isConflict(error) && onReload && (
        <Toolbar>
          <Button type="button" variant="secondary" onClick={onReload}>
            <FormattedMessage id="admin.reload" />
          </Button>
        </Toolbar>
      )}
    </div>
  );
}
