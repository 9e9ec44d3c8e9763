import nodemailer, { type Transporter } from 'nodemailer';

/**
 * The SMTP connection (nodemailer) of `SMTP_URL`: `smtp://user:pass@host:587` (STARTTLS), `smtps://…:465` (TLS from
 * the start); options may follow as query parameters (`?requireTLS=false`, `?tls.rejectUnauthorized=false`). On a
 * host other than the loopback, `smtp://` requires STARTTLS unless the URL says `requireTLS=false`: credentials and
 * one-time links never cross a network in the clear by accident. Connections are pooled and reused.
 */
export function mailTransport(smtpUrl: string): Transporter {
  const url = new URL(smtpUrl);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'smtp:' && !loopback && !url.searchParams.has('requireTLS')) url.searchParams.set('requireTLS', 'true');
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return nodemailer.createTransport(url.toString());
}

/** `SMTP_URL` without its password, for the log. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (url.password) url.password = '***';
  return url.toString();
}
