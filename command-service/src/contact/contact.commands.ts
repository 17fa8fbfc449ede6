import type { SubmitContactRequest } from '@evc/contracts';
import { PayloadCommand } from '../shared/payload-command';

export class SubmitContactRequestCommand extends PayloadCommand<SubmitContactRequest> {}
