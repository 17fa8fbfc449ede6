import type { Mail, Mailer } from '@evc/platform/mail/mailer';
import { createLogger } from '@evc/platform/logging/logger';

const log = createLogger('mail');

/**
 * Sends without making the caller wait: a slow or failing mail server never slows a sign-up, and the answer to
 * forgot-password takes the same time whether a mail goes out or not. Failures are logged without the mail.
 */
export function sendInBackground(mailer: Mailer, mail: Mail, kind: string): void {
  mailer.send(mail).catch((error: unknown) => {
    log.error('mail not sent', { kind, error: error instanceof Error ? error.message : String(error) });
  });
}
