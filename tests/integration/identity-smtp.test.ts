import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { aSignUp, command } from '../support/identity';

interface Received {
  to: string[];
  raw: string;
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= / Q) in a header, decoded. */
const decodeWords = (header: string) =>
  header.replace(/\s*=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );

/** One part (text/plain by default) of a MIME message, transfer-decoded. */
function textPart(raw: string, type = 'text/plain'): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => new RegExp(`content-type:\\s*${type}`, 'i').test(p)) ?? '';
  const [head, ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head!)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head!)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

describe('mail through SMTP (SMTP_URL)', () => {
  let server: SMTPServer;
  let app: TestApp;
  const received: Received[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.server.address() as AddressInfo;
    app = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'EV Charging <no-reply@example.com>' } });
  });

  afterAll(async () => {
    await app?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the verification mail in Arabic to an Arabic-speaking customer', async () => {
    const form = aSignUp({ locale: 'ar' });
    expect((await command(app, 'auth.sign-up', form)).status).toBe(200);
    await expect.poll(() => received.some((m) => m.to.includes(form.email)), { timeout: 5000 }).toBe(true);
    const mail = received.find((m) => m.to.includes(form.email))!;
    const subject = decodeWords(/^subject:(.*(?:\r?\n[ \t].*)*)/im.exec(mail.raw)![1]!.replace(/\r?\n[ \t]/g, ' ')).trim();
    expect(subject).toBe('تأكيد بريدك الإلكتروني');
    expect(mail.raw).toMatch(/^from: .*no-reply@example\.com/im);
    const text = textPart(mail.raw);
    expect(text).toContain('مرحبًا Mona،');
    expect(text).toMatch(/\/verifyEmail\?token=[A-Za-z0-9_-]{75}/);
    expect(textPart(mail.raw, 'text/html')).toContain('<html lang="ar" dir="rtl">');
  });

  it('and in English to an English-speaking one; the dev mailbox stays empty', async () => {
    const form = aSignUp({ locale: 'en' });
    await command(app, 'auth.sign-up', form);
    await expect.poll(() => received.some((m) => m.to.includes(form.email)), { timeout: 5000 }).toBe(true);
    const mail = received.find((m) => m.to.includes(form.email))!;
    expect(mail.raw).toMatch(/^subject: Confirm your e-mail address/im);
    expect(textPart(mail.raw)).toContain('Hello Mona,');
    expect((await app.embedded.mailbox.list({ page: 1, pageSize: 10 })).totalCount).toBe(0);
  });
});
