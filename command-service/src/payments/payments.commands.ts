import type { StartTopUp } from '@evc/contracts';
import { PayloadCommand } from '../shared/payload-command';

/** The customer is the caller (context.actor); answers a TopUpResult (the command result with the checkout URL). */
export class StartTopUpCommand extends PayloadCommand<StartTopUp> {}
