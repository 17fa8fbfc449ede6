import { useMutation } from '@tanstack/react-query';
import type { SubmitContactRequest } from '@evc/contracts/contact';
import { api } from '../../../lib/api';

export const useSubmitContact = () =>
  useMutation({
    mutationFn: (body: SubmitContactRequest) => api.command('contact-requests.submit', body),
  });
