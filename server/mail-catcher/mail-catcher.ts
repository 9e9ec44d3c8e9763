import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { inboxPage, messagePage } from './pages';

/**
 * The local mail catcher, the embedded default of `npm start`: a real SMTP server (smtp-server) that keeps every mail
 * it receives in memory (parsed by mailparser), and a small web inbox beside it with a JSON API that the browser tests
 * read. Nothing is relayed anywhere. Both listen on the loopback address only: the mails hold one-time links.
 */
export interface CaughtMail {
  id: string;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
}

export interface MailCatcherOptions {
  /** SMTP port (0: a free one). */
  smtpPort: number;
  /** Web inbox port (0: a free one). */
  webPort: number;
  /** The mails kept, newest first; older ones are dropped. */
  capacity?: number;
  logger?: FastifyBaseLogger | false;
}

const host = '127.0.0.1';
const maxMessageBytes = 10 * 1024 * 1024;

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((object) => object.value.map((entry) => entry.address ?? ''))
    .filter(Boolean);

export async function startMailCatcher(options: MailCatcherOptions) {
  const capacity = options.capacity ?? 1000;
  let mails: CaughtMail[] = [];

  const smtp = new SMTPServer({
    // Any sender, any credentials: a development inbox. No STARTTLS: it listens on the loopback address only.
    authOptional: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
    disabledCommands: ['STARTTLS'],
    size: maxMessageBytes,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelopeTo = session.envelope.rcptTo.map((recipient) => recipient.address);
          mails = [
            {
              id: randomUUID(),
              receivedAt: new Date().toISOString(),
              from: addresses(parsed.from)[0] ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
              to: envelopeTo.length ? envelopeTo : addresses(parsed.to),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html === false ? null : (parsed.html ?? null),
            },
            ...mails,
          ].slice(0, capacity);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort, host, () => {
      smtp.off('error', reject);
      resolve();
    });
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const web = Fastify({ logger: options.logger ?? false });
  const page = 'text/html; charset=utf-8';
  // The inbox's own pages: no script at all; a mail's HTML is shown on its own, sandboxed.
  const pageSecurity =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
  web.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
  });
  const find = (id: string) => mails.find((mail) => mail.id === id);
  const recipientFilter = (to: string | undefined) => (mail: CaughtMail) =>
    !to || mail.to.some((address) => address.toLowerCase() === to.trim().toLowerCase());

  web.get<{ Querystring: { to?: string } }>('/', async (request, reply) =>
    reply
      .type(page)
      .header('content-security-policy', pageSecurity)
      .send(inboxPage(mails.filter(recipientFilter(request.query.to)))),
  );
  web.get<{ Params: { id: string } }>('/messages/:id', async (request, reply) => {
    const mail = find(request.params.id);
    return mail
      ? reply.type(page).header('content-security-policy', pageSecurity).send(messagePage(mail))
      : reply.code(404).type('text/plain').send('No such mail');
  });
  web.get<{ Params: { id: string } }>('/messages/:id/html', async (request, reply) => {
    const mail = find(request.params.id);
    if (!mail?.html) return reply.code(404).type('text/plain').send('No HTML version');
    return reply
      .type(page)
      .header('content-security-policy', `sandbox allow-popups allow-popups-to-escape-sandbox; ${pageSecurity}`)
      .send(mail.html);
  });
  web.post('/clear', async (_request, reply) => {
    mails = [];
    return reply.redirect('/', 303);
  });
  web.get<{ Querystring: { to?: string } }>('/api/messages', async (request) => ({
    items: mails.filter(recipientFilter(request.query.to)),
  }));
  web.get<{ Params: { id: string } }>(
    '/api/messages/:id',
    async (request, reply) => find(request.params.id) ?? reply.code(404).send({ message: 'No such mail' }),
  );
  web.delete('/api/messages', async (_request, reply) => {
    mails = [];
    return reply.code(204).send();
  });
  await web.listen({ port: options.webPort, host });
  const webPort = (web.server.address() as AddressInfo).port;

  return {
    /** What `SMTP_URL` is set to when the catcher is the mail server. */
    smtpUrl: `smtp://${host}:${smtpPort}`,
    /** The web inbox (`localhost`, as printed at start and linked from the README). */
    webUrl: `http://localhost:${webPort}/`,
    /** The mails received, newest first. */
    mails: () => [...mails],
    async close() {
      await web.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
