import { useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import styled from '@emotion/styled';
import { localeAtom } from '../../stores/locale-state';
import { useLocale } from '../../hooks/use-locale';

const Button = styled.button`
  border: 1px solid currentColor;
  background: transparent;
  color: inherit;
  border-radius: 999px;
  padding-block: 0.3rem;
  padding-inline: 0.9rem;
  font: inherit;
  font-weight: 700;
  cursor: pointer;
`;

export function LanguageSwitcher() {
  const locale = useLocale();
  const setLocale = useSetAtom(localeAtom);
  const intl = useIntl();
  const next = locale === 'ar' ? 'en' : 'ar';
  return (
    <Button type="button" lang={next} onClick={() => setLocale(next)} aria-label={intl.formatMessage({ id: 'language.switch' })}>
      {next === 'ar' ? 'العربية' : 'English'}
    </Button>
  );
}
