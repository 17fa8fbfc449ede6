import styled from '@emotion/styled';
import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { CONTACT_TYPES, type ContactType } from '@evc/contracts/contact';
import { LIMITS } from '@evc/contracts/shared';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ApiRequestError } from '../../../lib/api-client';
import { newUuid } from '../../../lib/uuid';
import { translateErrorCode, translateFieldError } from '../../../lib/i18n/translate-error';
import { pushToastAtom } from '../../../stores/toast-state';
import { useSubmitContact } from '../api/submit-contact';
import { byField, emptyContact, validateContact, type ContactValues, type FieldErrors } from '../contact-form-state';

const Form = styled.form`
  display: grid;
  gap: 1rem;
`;

export function ContactForm({ initialType }: { initialType?: ContactType }) {
  const intl = useIntl();
  const pushToast = useSetAtom(pushToastAtom);
  const submit = useSubmitContact();
  const [values, setValues] = useState<ContactValues>(() => emptyContact(initialType));
  const [errors, setErrors] = useState<FieldErrors>({});
  // one id per filled-in form: a retried submit is recognised by the server, a new form gets a new id
  const [requestId, setRequestId] = useState(newUuid);

  const set = (key: keyof ContactValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };
  const errorOf = (key: keyof ContactValues) => {
    const e = errors[key];
    return e ? translateFieldError(intl, e) : undefined;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const result = validateContact(values, requestId);
    if (!result.ok) {
      setErrors(result.errors);
      setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    // replies are mailed in the language the request was written in
    submit.mutate(
      { ...result.body, locale: intl.locale.startsWith('ar') ? 'ar' : 'en' },
      {
        onSuccess: () => {
          pushToast({ kind: 'success', text: intl.formatMessage({ id: 'contact.sent' }) });
          setValues(emptyContact(initialType));
          setErrors({});
          setRequestId(newUuid());
        },
        onError: (error) => {
          const apiError = error instanceof ApiRequestError ? error : null;
          if (apiError?.fieldErrors.length) setErrors(byField(apiError.fieldErrors));
          pushToast({ kind: 'error', text: translateErrorCode(intl, apiError?.code ?? 'server.error') });
        },
      },
    );
  };

  const label = (id: string) => intl.formatMessage({ id });
  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title">
      <Field label={label('contact.fullName')} error={errorOf('fullName')}>
        <input name="fullName" autoComplete="name" value={values.fullName} onChange={set('fullName')} maxLength={LIMITS.contactNameMax} />
      </Field>
      <Field label={label('contact.email')} error={errorOf('email')}>
        <input name="email" type="email" autoComplete="email" dir="ltr" value={values.email} onChange={set('email')} />
      </Field>
      <Field label={label('contact.type')} error={errorOf('type')}>
        <select name="type" value={values.type} onChange={set('type')}>
          <option value="">{label('contact.type.choose')}</option>
          {CONTACT_TYPES.map((t) => (
            <option key={t} value={t}>
              {label(`contact.type.${t}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={label('contact.subject')}
        error={errorOf('title')}
        hint={intl.formatMessage({ id: 'contact.subjectHint' }, { min: LIMITS.contactSubjectMin, max: LIMITS.contactSubjectMax })}
      >
        <input name="title" value={values.title} onChange={set('title')} />
      </Field>
      <Field label={label('contact.details')} error={errorOf('details')}>
        <textarea name="details" rows={6} value={values.details} onChange={set('details')} />
      </Field>
      {errors._form && <p role="alert">{translateFieldError(intl, errors._form)}</p>}
      <div>
        <Button type="submit" disabled={submit.isPending}>
          <FormattedMessage id={submit.isPending ? 'contact.sending' : 'contact.send'} />
        </Button>
      </div>
    </Form>
  );
}
