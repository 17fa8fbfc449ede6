import type { z } from 'zod';
import type { banCustomerSchema } from '@evc/contracts';
import { PayloadCommand } from '../shared/payload-command';

export class BanCustomerCommand extends PayloadCommand<z.infer<typeof banCustomerSchema> & { banned: boolean }> {}
