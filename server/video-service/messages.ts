export type Language = 'it' | 'en';

const en = {
  uploadTitle: 'Upload a video',
  uploadIntro: 'Choose the video file of this content and upload it.',
  videoFile: 'Video file',
  chooseFile: 'Choose a video file',
  noFileChosen: 'No file chosen',
  upload: 'Upload',
  uploading: 'Uploading… {percent}%',
  uploaded: 'Upload complete. The video is being processed and will be ready in a few moments.',
  unsupportedType: 'This file is not a supported video. Choose an MP4, WebM, Ogg, QuickTime or Matroska file.',
  tooLarge: 'The file is too large: the limit is {limit}.',
  emptyFile: 'The request carries no file.',
  uploadInterrupted: 'The upload was interrupted before the end of the file.',
  networkFailure: 'The upload failed because of a network problem. Check the connection and try again.',
  linkNoLongerValid: 'This upload link is no longer valid. Go back to the contents and open the uploader again.',
  uploadFailed: 'The upload failed. Please try again later.',
  cannotOpen: 'This page cannot be opened',
  tokenMissing: 'The link carries no access token. Open it again from the console.',
  tokenInvalid: 'The access token of this link is not valid. Open it again from the console.',
  tokenExpired: 'The access token of this link has expired. Open it again from the console.',
  wrongTenant: 'The access token of this link belongs to another tenant.',
  wrongCourse: 'The access token of this link is not valid for this course.',
  sessionEnded: 'The console session this link came from has ended. Sign in to the console and open it again.',
  sessionUnchecked: 'The console cannot be reached to check this link. Please try again in a moment.',
  noTenant: 'This address does not name a video tenant: open the link the console gives.',
  notFound: 'Video not found.',
  notReady: 'This video is not ready yet.',
  processing: 'Video being processed',
  processingHint: 'It will be available in a few moments.',
  unavailable: 'Video not available',
  failed: 'This video could not be processed. Upload it again.',
  rangeNotSatisfiable: 'The requested range lies outside the video.',
  crossOrigin: 'Cross-origin requests are only accepted from the uploader page.',
  unexpected: 'Something went wrong. Please try again later.',
};

export type MessageKey = keyof typeof en;
type Messages = Record<MessageKey, string>;

const it: Messages = {
  uploadTitle: 'Carica un video',
  uploadIntro: 'Scegli il file video di questo contenuto e caricalo.',
  videoFile: 'File video',
  chooseFile: 'Scegli un file video',
  noFileChosen: 'Nessun file scelto',
  upload: 'Carica',
  uploading: 'Caricamento… {percent}%',
  uploaded: 'Caricamento completato. Il video è in elaborazione e sarà pronto tra pochi istanti.',
  unsupportedType: 'Questo file non è un video supportato. Scegli un file MP4, WebM, Ogg, QuickTime o Matroska.',
  tooLarge: 'Il file è troppo grande: il limite è {limit}.',
  emptyFile: 'La richiesta non contiene alcun file.',
  uploadInterrupted: 'Il caricamento si è interrotto prima della fine del file.',
  networkFailure: 'Il caricamento non è riuscito per un problema di rete. Controlla la connessione e riprova.',
  linkNoLongerValid: 'Questo link di caricamento non è più valido. Torna ai contenuti e apri di nuovo il caricamento.',
  uploadFailed: 'Il caricamento non è riuscito. Riprova più tardi.',
  cannotOpen: 'Impossibile aprire questa pagina',
  tokenMissing: 'Il link non contiene un token di accesso. Aprilo di nuovo dalla console.',
  tokenInvalid: 'Il token di accesso di questo link non è valido. Aprilo di nuovo dalla console.',
  tokenExpired: 'Il token di accesso di questo link è scaduto. Aprilo di nuovo dalla console.',
  wrongTenant: 'Il token di accesso di questo link appartiene a un altro tenant.',
  wrongCourse: 'Il token di accesso di questo link non è valido per questo corso.',
  sessionEnded: 'La sessione della console da cui viene questo link è terminata. Accedi alla console e aprilo di nuovo.',
  sessionUnchecked: 'Non è possibile raggiungere la console per verificare questo link. Riprova tra poco.',
  noTenant: 'Questo indirizzo non indica un tenant video: apri il link fornito dalla console.',
  notFound: 'Video non trovato.',
  notReady: 'Questo video non è ancora pronto.',
  processing: 'Video in elaborazione',
  processingHint: 'Sarà disponibile tra pochi istanti.',
  unavailable: 'Video non disponibile',
  failed: 'Non è stato possibile elaborare questo video. Caricalo di nuovo.',
  rangeNotSatisfiable: "L'intervallo richiesto è fuori dal video.",
  crossOrigin: 'Le richieste da altre origini sono accettate solo dalla pagina di caricamento.',
  unexpected: 'Si è verificato un errore. Riprova più tardi.',
};

export const messages: Record<Language, Messages> = { en, it };

/** The `lang` query parameter, else the first supported language of `Accept-Language`, else English. */
export function languageOf(requested: string | undefined, acceptLanguage: string | undefined): Language {
  const candidates = [requested ?? '', ...(acceptLanguage ?? '').split(',').map((part) => part.split(';')[0] ?? '')];
  for (const candidate of candidates) {
    const primary = candidate.trim().toLowerCase().split('-')[0];
    if (primary === 'it' || primary === 'en') return primary;
  }
  return 'en';
}

export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
