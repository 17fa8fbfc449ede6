import type { IntlShape } from 'react-intl';
import type { FieldError } from '@evc/contracts/shared';

/** A server or zod field error, translated with its limits (minimum/maximum). */
export function translateFieldError(intl: IntlShape, error: FieldError): string {
  const id = `validation.${error.code}`;
  const known = Object.prototype.hasOwnProperty.call(intl.messages, id);
  const values = { minimum: '', maximum: '', origin: '', format: '', expected: '', keys: '', ...error.params };
  return intl.formatMessage({ id: known ? id : 'validation.invalid' }, values);
}

/** An API error code (contracts ERROR_CODES) in the current language. */
export function translateErrorCode(intl: IntlShape, code: string): string {
  const id = `error.${code}`;
  return intl.formatMessage({ id: Object.prototype.hasOwnProperty.call(intl.messages, id) ? id : 'error.server.error' });
}
