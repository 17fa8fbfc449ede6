// i18n-catalog: app — used by the admin filters and the profile, which render after the app catalog.
import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { normalizeDigits } from '@evc/contracts/shared';
import { isCalendarDate } from '@evc/contracts/identity';
import { TextInput } from './controls';

/** "12/04/1990", "١٢/٤/١٩٩٠", "12-4-1990" or "12.04.1990" → "1990-04-12"; null unless a real calendar day. */
export function parseDay(text: string): string | null {
  const match = /^(\d{1,2})\s*[/\-.]\s*(\d{1,2})\s*[/\-.]\s*(\d{4})$/.exec(normalizeDigits(text).trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  /** YYYY-MM-DD, '' for none (or, while being typed, the text as typed). */
  value: string;
  /** A complete day as YYYY-MM-DD, '' when cleared, else the text as typed (a schema then says what is wrong). */
  onChange: (value: string) => void;
};

/**
 * A calendar day typed and shown as day/month/year in the page's language and digits (Eastern Arabic digits are
 * accepted, and shown on Arabic pages); the value it hands on is ISO (YYYY-MM-DD). A day is a Cairo calendar day:
 * there is no time, so no time zone can shift it. Not a native date input, whose order follows the browser's
 * language rather than the page's.
 */
export function DayInput({ value, onChange, placeholder, ...rest }: Props) {
  const intl = useIntl();
  const two = (n: string, digits: number) => intl.formatNumber(Number(n), { minimumIntegerDigits: digits, useGrouping: false });
  const show = (v: string) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    return m ? `${two(m[3]!, 2)}/${two(m[2]!, 2)}/${two(m[1]!, 4)}` : v;
  };
  const [text, setText] = useState(() => show(value));
  // a value set from outside (a URL, a reset, a loaded profile) replaces the text unless the text already says it
  useEffect(() => {
    setText((current) => ((parseDay(current) ?? current) === value ? current : show(value)));
  }, [value, intl]); // `show` follows the language, which `intl` carries
  const [touched, setTouched] = useState(false);
  const invalid = touched && text.trim() !== '' && parseDay(text) === null;
  return (
    <TextInput
      type="text"
      inputMode="numeric"
      dir="ltr"
      autoComplete="off"
      size={11}
      placeholder={placeholder ?? intl.formatMessage({ id: 'day.placeholder' })}
      {...rest}
      aria-invalid={invalid || rest['aria-invalid'] || undefined}
      value={text}
      onChange={(e) => {
        const typed = e.target.value;
        setText(typed);
        onChange(typed.trim() === '' ? '' : (parseDay(typed) ?? typed));
      }}
      onBlur={(e) => {
        setTouched(true);
        const day = parseDay(text);
        if (day) setText(show(day));
        rest.onBlur?.(e);
      }}
    />
  );
}
