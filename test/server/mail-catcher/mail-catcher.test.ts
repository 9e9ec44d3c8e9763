import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../../server/mail-catcher/mail-catcher';

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher({ smtpPort: 0, webPort: 0 });
});
afterAll(() => catcher.close());

async function send(to: string, subject: string, html?: string) {
  const transport = nodemailer.createTransport(catcher.smtpUrl);
  try {
    await transport.sendMail({
      from: 'Console <no-reply@example.com>',
      to,
      subject,
      text: `Hello\nhttp://localhost:3000/invitation#token=abc_DEF-1`,
      html,
    });
  } finally {
    transport.close();
  }
}

const web = (path: string, init?: RequestInit) => fetch(new URL(path, catcher.webUrl), { redirect: 'manual', ...init });

describe('the mail catcher', () => {
  it('keeps what an SMTP client sends and answers it as JSON, newest first, filtered by recipient', async () => {
    await send('first@example.com', 'First');
    await send('Second@Example.com', 'Second', '<p>Second</p>');

    const all = await (await web('/api/messages')).json();
    expect(all.items.map((mail: { subject: string }) => mail.subject).slice(0, 2)).toEqual(['Second', 'First']);
    const mine = await (await web('/api/messages?to=second@example.com')).json();
    expect(mine.items).toEqual([
      {
        id: expect.any(String),
        receivedAt: expect.any(String),
        from: 'no-reply@example.com',
        to: ['Second@example.com'],
        subject: 'Second',
        text: 'Hello\nhttp://localhost:3000/invitation#token=abc_DEF-1',
        html: '<p>Second</p>',
      },
    ]);
    expect((await web(`/api/messages/${mine.items[0].id}`)).status).toBe(200);
    expect((await web('/api/messages/nope')).status).toBe(404);
  });

  it('lists mails on an inbox page with every text escaped, and shows a mail with its link clickable', async () => {
    await send('hostile@example.com', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>');
    const inbox = await web('/');
    expect(inbox.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await inbox.text();
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');

    const [mail] = (await (await web('/api/messages?to=hostile@example.com')).json()).items;
    const shown = await (await web(`/messages/${mail.id}`)).text();
    expect(shown).toContain('<a href="http://localhost:3000/invitation#token=abc_DEF-1">');
    const html = await web(`/messages/${mail.id}/html`);
    expect(html.headers.get('content-security-policy')).toMatch(/^sandbox /);
    expect(html.headers.get('content-security-policy')).not.toContain('allow-scripts');
  });

  it('deletes every mail when asked', async () => {
    await send('gone@example.com', 'Gone');
    expect((await web('/clear', { method: 'POST' })).status).toBe(303);
    expect((await (await web('/api/messages')).json()).items).toEqual([]);
    await send('again@example.com', 'Again');
    expect((await web('/api/messages', { method: 'DELETE' })).status).toBe(204);
    expect(catcher.mails()).toEqual([]);
  });

  it('listens on the loopback address only', () => {
    expect(catcher.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
  });
});
