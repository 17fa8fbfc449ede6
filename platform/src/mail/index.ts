import type { Config } from '../config/config';
import { FileMailbox, mailboxDir } from './file-mailbox';
import type { Mailbox, Mailer } from './mailer';
import { SmtpMailer } from './smtp-mailer';

export * from './mailer';
export { FileMailbox, mailboxDir } from './file-mailbox';
export { SmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set; otherwise the dev mailbox under DATA_DIR/mailbox. The mailbox lists what it kept. */
export function openMail(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, dataDir: string): { mailer: Mailer; mailbox: Mailbox } {
  const mailbox = new FileMailbox(mailboxDir(dataDir));
  return { mailer: config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : mailbox, mailbox };
}
