import type { UserLanguage } from '../../contract/values';

/**
 * Every mail the console sends, in Italian and English, as plain text and HTML: the one place their words live.
 * A template is rendered when the mail is sent (by the queue's worker), from the parameters the request stored.
 */
export interface MailParams {
  invitation: { name: string; link: string; invitedBy: string; hours: number };
  passwordReset: { name: string; link: string; minutes: number };
  passwordChanged: { name: string };
  twoFactorReset: { name: string; resetBy: string };
}
export type MailTemplate = keyof MailParams;
export const mailTemplates = [
  'invitation',
  'passwordReset',
  'passwordChanged',
  'twoFactorReset',
] as const satisfies readonly MailTemplate[];

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Words {
  subject: string;
  greeting: string;
  /** Paragraphs before the button. */
  body: string[];
  action?: { label: string; link: string };
  /** Paragraphs after it. */
  after: string[];
}

const product: Record<UserLanguage, string> = { en: 'Learning Admin Console', it: 'Console di amministrazione della formazione' };

const words: { [Template in MailTemplate]: Record<UserLanguage, (params: MailParams[Template]) => Words> } = {
  invitation: {
    en: ({ name, link, invitedBy, hours }) => ({
      subject: `You are invited to the ${product.en}`,
      greeting: `Hello ${name},`,
      body: [`${invitedBy} has created an account for you. Choose your password to activate it.`],
      action: { label: 'Choose your password', link },
      after: [
        `The link works once and for ${hours} hours. If it has expired, ask your administrator to send a new invitation.`,
        'If you did not expect this invitation, you can ignore this message.',
      ],
    }),
    it: ({ name, link, invitedBy, hours }) => ({
      subject: `Il tuo invito alla ${product.it}`,
      greeting: `Ciao ${name},`,
      body: [`${invitedBy} ha creato un account per te. Scegli la tua password per attivarlo.`],
      action: { label: 'Scegli la password', link },
      after: [
        `Il link funziona una sola volta e per ${hours} ore. Se è scaduto, chiedi al tuo amministratore un nuovo invito.`,
        'Se non aspettavi questo invito, puoi ignorare questo messaggio.',
      ],
    }),
  },
  passwordReset: {
    en: ({ name, link, minutes }) => ({
      subject: 'Reset your password',
      greeting: `Hello ${name},`,
      body: ['Someone (hopefully you) asked to reset the password of your account. Choose a new one here:'],
      action: { label: 'Choose a new password', link },
      after: [
        `The link works once and for ${minutes} minutes. Setting a new password signs you out everywhere.`,
        'If you did not ask for this, ignore this message: your password stays as it is.',
      ],
    }),
    it: ({ name, link, minutes }) => ({
      subject: 'Reimposta la password',
      greeting: `Ciao ${name},`,
      body: ['Qualcuno (speriamo tu) ha chiesto di reimpostare la password del tuo account. Scegline una nuova qui:'],
      action: { label: 'Scegli una nuova password', link },
      after: [
        `Il link funziona una sola volta e per ${minutes} minuti. Con la nuova password vieni disconnesso ovunque.`,
        'Se non sei stato tu, ignora questo messaggio: la password resta invariata.',
      ],
    }),
  },
  passwordChanged: {
    en: ({ name }) => ({
      subject: 'Your password was changed',
      greeting: `Hello ${name},`,
      body: ['The password of your account was just reset with a link sent to this address, and every session was signed out.'],
      after: ['If it was not you, contact your administrator at once.'],
    }),
    it: ({ name }) => ({
      subject: 'La tua password è stata cambiata',
      greeting: `Ciao ${name},`,
      body: [
        'La password del tuo account è appena stata reimpostata con un link inviato a questo indirizzo e tutte le sessioni sono state chiuse.',
      ],
      after: ['Se non sei stato tu, contatta subito il tuo amministratore.'],
    }),
  },
  twoFactorReset: {
    en: ({ name, resetBy }) => ({
      subject: 'Your two-factor sign-in was reset',
      greeting: `Hello ${name},`,
      body: [
        `${resetBy} removed the authenticator of your account. Your next sign-in asks for your password only, or to set up an authenticator again.`,
      ],
      after: ['If you did not ask for this, contact your administrator.'],
    }),
    it: ({ name, resetBy }) => ({
      subject: "L'accesso in due passaggi è stato azzerato",
      greeting: `Ciao ${name},`,
      body: [
        `${resetBy} ha rimosso l'app di autenticazione del tuo account. Al prossimo accesso ti verrà chiesta solo la password, oppure di configurare di nuovo un'app di autenticazione.`,
      ],
      after: ["Se non l'hai chiesto tu, contatta il tuo amministratore."],
    }),
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

const signature: Record<UserLanguage, string> = { en: `— ${product.en}`, it: `— ${product.it}` };

export function renderMail<Template extends MailTemplate>(
  template: Template,
  language: UserLanguage,
  params: MailParams[Template],
): RenderedMail {
  const { subject, greeting, body, action, after } = (words[template][language] as (params: MailParams[Template]) => Words)(params);
  const text = [greeting, '', ...body, ...(action ? ['', action.link, ''] : ['']), ...after, '', signature[language]].join('\n');
  const paragraph = (content: string) => `<p style="margin:0 0 16px">${escapeHtml(content)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.link)}" style="background:#1976d2;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeHtml(action.link)}</p>`
    : '';
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#212121;margin:0;padding:24px">',
    paragraph(greeting),
    ...body.map(paragraph),
    button,
    ...after.map(paragraph),
    `<p style="margin:24px 0 0;color:#555555">${escapeHtml(signature[language])}</p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html };
}
