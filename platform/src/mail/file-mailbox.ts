import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailView, Paged } from '@evc/contracts';
import type { Mail, Mailbox, Mailer } from './mailer';

export const mailboxDir = (dataDir: string) => path.join(dataDir, 'mailbox');

/**
 * The embedded profile's mailer: keeps every mail as a JSON file under DATA_DIR/mailbox/ instead of sending it,
 * and lists them newest first for the staff dev mailbox. File names start with the time, so they sort.
 */
export class FileMailbox implements Mailer, Mailbox {
  constructor(
    private readonly dir: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(mail: Mail): Promise<void> {
    const sentAt = this.now().toISOString();
    const view: MailView = {
      mailId: randomUUID(),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      locale: mail.locale,
      sentAt,
    };
    await mkdir(this.dir, { recursive: true });
    const name = `${sentAt.replace(/[:.]/g, '-')}-${view.mailId}.json`;
    const tmp = path.join(this.dir, `.${name}.tmp`);
    await writeFile(tmp, JSON.stringify(view), { mode: 0o600 });
    await rename(tmp, path.join(this.dir, name));
  }

  async list({ q, page, pageSize }: { q?: string; page: number; pageSize: number }): Promise<Paged<MailView>> {
    const names = (await readdir(this.dir).catch(() => [] as string[]))
      .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
      .sort()
      .reverse();
    const needle = q?.trim().toLowerCase();
    if (!needle) {
      const slice = names.slice((page - 1) * pageSize, page * pageSize);
      return { dataList: await Promise.all(slice.map((n) => this.read(n))), totalCount: names.length };
    }
    const all = await Promise.all(names.map((n) => this.read(n)));
    const hits = all.filter((m) => m.to.toLowerCase().includes(needle) || m.subject.toLowerCase().includes(needle));
    return { dataList: hits.slice((page - 1) * pageSize, page * pageSize), totalCount: hits.length };
  }

  private async read(name: string): Promise<MailView> {
    return JSON.parse(await readFile(path.join(this.dir, name), 'utf8')) as MailView;
  }
}
