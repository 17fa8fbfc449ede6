import { useCallback, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { toFieldErrors, type FieldError } from '@evc/contracts/shared';
import { ApiRequestError } from '../lib/api-client';
import { translateErrorCode, translateFieldError } from '../lib/i18n/translate-error';

export type FieldErrors = Record<string, FieldError>;

/** First error per field, keyed by its top-level path ('_form' for errors without a path). */
export function byField(errors: FieldError[]): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const key = e.path.split('.')[0] || '_form';
    out[key] ??= e;
  }
  return out;
}

/** The errors left once `changed` fields of `values` changed (see useSchemaForm's setValues). */
export function clearCorrected(errors: FieldErrors, changed: string[], values: Record<string, unknown>): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, error] of Object.entries(errors)) {
    if (changed.includes(key) || !(key in values)) continue;
    if (error.code === 'password_mismatch' && values.password === values[key]) continue;
    out[key] = error;
  }
  return Object.keys(out).length === Object.keys(errors).length ? errors : out;
}

/**
 * Form state validated with a contract schema (the same rules the server applies). Server field errors land
 * beside their fields; `errorText` translates them into the current language.
 */
export function useSchemaForm<V extends Record<string, unknown>>(initial: V | (() => V)) {
  const intl = useIntl();
  const [values, setValuesState] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  /**
   * Every change of values (typed, picked on a map, an uploaded file, a reset) takes away the errors it may have
   * corrected: the changed fields' own, the errors of no single field (a location made of lat and lng, the whole
   * form), and a confirmation mismatch once both passwords agree. Submitting validates everything again.
   */
  const latest = useRef(values);
  latest.current = values;
  const setValues = useCallback((next: V | ((v: V) => V)) => {
    const before = latest.current;
    const after = typeof next === 'function' ? next(before) : next;
    latest.current = after;
    setValuesState(after);
    const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
    if (changed.length > 0) setErrors((errs) => clearCorrected(errs, changed, after));
  }, []);

  const setValue = useCallback(
    <K extends keyof V & string>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value })),
    [setValues],
  );

  /** onChange for text inputs and selects. */
  const bind = <K extends keyof V & string>(key: K) => ({
    name: key,
    value: String(values[key] ?? ''),
    onChange: (e: { target: { value: string } }) => setValue(key, e.target.value as V[K]),
  });

  const errorText = (key: string): string | undefined => {
    const e = errors[key];
    return e ? translateFieldError(intl, e) : undefined;
  };

  function validate<S extends z.ZodType>(schema: S, input: unknown = values): z.output<S> | null {
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found = byField(toFieldErrors(parsed.error));
    // zod skips an object's refinements while a field is invalid; show the confirmation mismatch at once anyway
    const v = input as Record<string, unknown> | null;
    if (v && typeof v.confirmPassword === 'string' && v.confirmPassword !== v.password && !found.confirmPassword) {
      found.confirmPassword = { path: 'confirmPassword', code: 'password_mismatch' };
    }
    setErrors(found);
    setTimeout(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus(), 0);
    return null;
  }

  /** Puts a failed request's field errors beside the fields; answers the translated error code. */
  const serverError = (error: unknown): { code: string; text: string } => {
    const apiError = error instanceof ApiRequestError ? error : null;
    if (apiError?.fieldErrors.length) setErrors(byField(apiError.fieldErrors));
    const code = apiError?.code ?? 'server.error';
    return { code, text: translateErrorCode(intl, code) };
  };

  return { values, setValues, setValue, bind, errors, setErrors, errorText, validate, serverError, intl };
}
