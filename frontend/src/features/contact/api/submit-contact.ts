import { useMutation } from '@tanstack/react-query';
import type { CommandResult } from '@evc/contracts/api';
import type { SubmitContactRequest } from '@evc/contracts/contact/schemas';
import { apiPost } from '../../../lib/api-client';
import { endpoints } from '../../../lib/endpoints';

export const useSubmitContact = () =>
  useMutation({
    mutationFn: (body: SubmitContactRequest) => apiPost<CommandResult>(endpoints.submitContact, body),
  });
