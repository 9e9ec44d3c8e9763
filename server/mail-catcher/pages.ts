import type { CaughtMail } from './mail-catcher';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

const style = `body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#212121;max-width:960px}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:8px;border-bottom:1px solid #ddd;vertical-align:top}
a{color:#1565c0}pre{white-space:pre-wrap;word-break:break-word;background:#f5f5f5;padding:12px}h1{font-size:1.4rem}
@media (max-width:600px){td:nth-child(1),th:nth-child(1){display:none}}`;

const layout = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${escapeHtml(title)}</title><style>${style}</style></head><body>${body}</body></html>`;

/** Every mail received, newest first; reload to see new ones. */
export function inboxPage(mails: CaughtMail[]): string {
  const rows = mails
    .map(
      (mail) =>
        `<tr><td>${escapeHtml(new Date(mail.receivedAt).toLocaleString('en-GB'))}</td><td>${escapeHtml(mail.to.join(', '))}</td>` +
        `<td><a href="/messages/${encodeURIComponent(mail.id)}">${escapeHtml(mail.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  return layout(
    'Mail catcher',
    `<h1>Mail catcher</h1><p>Every mail the console sends on this machine lands here; none leaves it. ` +
      `JSON: <a href="/api/messages">/api/messages</a>.</p>` +
      `<form method="post" action="/clear"><button type="submit">Delete every mail</button></form>` +
      (mails.length
        ? `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p>No mail yet.</p>'),
  );
}

/** One mail: its envelope, its text with the links it holds made clickable, and a link to its HTML version. */
export function messagePage(mail: CaughtMail): string {
  const text = escapeHtml(mail.text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
  return layout(
    mail.subject,
    `<p><a href="/">← Inbox</a></p><h1>${escapeHtml(mail.subject || '(no subject)')}</h1>` +
      `<table><tr><th>From</th><td>${escapeHtml(mail.from)}</td></tr><tr><th>To</th><td>${escapeHtml(mail.to.join(', '))}</td></tr>` +
      `<tr><th>Received</th><td>${escapeHtml(mail.receivedAt)}</td></tr></table>` +
      `<pre>${text}</pre>` +
      (mail.html ? `<p><a href="/messages/${encodeURIComponent(mail.id)}/html">HTML version</a></p>` : ''),
  );
}
