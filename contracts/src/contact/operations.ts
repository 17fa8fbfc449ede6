import { commandResultSchema } from '../api';
import { PUBLIC, command, group } from '../operation';
import { submitContactRequestSchema } from './schemas';

/** The public contact form (staff answer requests in the admin panel). */
export const contactOperations = group(
  command('contact-requests.submit', {
    summary: 'Submit the public contact form; files a contact request for staff.',
    access: PUBLIC,
    input: submitContactRequestSchema,
    output: commandResultSchema,
  }),
);
