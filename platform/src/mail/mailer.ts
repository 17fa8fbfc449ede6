import type { Locale, MailView, Paged } from '@evc/contracts';

/** One outgoing mail, already written in the recipient's language. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  locale: Locale;
}

/** The port the services send mail through. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The kept mails of the embedded dev mailbox (staff screen /admin/mailbox). */
export interface Mailbox {
  list(query: { q?: string; page: number; pageSize: number }): Promise<Paged<MailView>>;
}
