import styled from '@emotion/styled';
import { useId, type ReactElement, cloneElement } from 'react';
import { useIntl } from 'react-intl';
import { theme } from '../../styles/theme';
import { controlStyle } from './control-style';

const Wrapper = styled.div`
  display: grid;
  gap: 0.35rem;
  /* in a grid of fields a control narrows to its column (a date and time input is wide by itself) */
  min-inline-size: 0;
  label {
    font-weight: 700;
  }
  input,
  select,
  textarea {
    ${controlStyle}
    inline-size: 100%;
    min-inline-size: 0;
    padding-block: 0.6rem;
    padding-inline: 0.8rem;
  }
`;

const ErrorText = styled.p`
  color: ${theme.color.danger};
  margin: 0;
  font-size: 0.9rem;
`;

const Hint = styled.small`
  color: ${theme.color.muted};
`;

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  children: ReactElement<Record<string, unknown>>;
}

/**
 * A labelled form control; the error is announced and linked with aria-describedby.
 *
 * A child's `maxLength` is a rule, not a cut: the browser would truncate a typed or pasted value silently (and the
 * form would then report some other rule the lost characters satisfied). The attribute is kept off the element and a
 * value over the limit shows the length rule instead of any other error until it is shortened.
 */
export function Field({ label, error: givenError, hint, children }: FieldProps) {
  const intl = useIntl();
  const id = useId();
  const { maxLength, value } = children.props as { maxLength?: number; value?: unknown };
  // the same count as the schema's max() (UTF-16 units), so the two never disagree
  const count = typeof value === 'string' ? value.length : 0;
  const error =
    typeof maxLength === 'number' && count > maxLength
      ? intl.formatMessage({ id: 'validation.tooLongTyped' }, { maximum: maxLength, count })
      : givenError;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Wrapper>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, maxLength: undefined, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </Wrapper>
  );
}
