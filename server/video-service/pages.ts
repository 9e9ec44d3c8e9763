import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply } from 'fastify';
import { formatBytes, formatMessage, messages, type Language } from './messages';

const uploaderScript = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'uploader.client.js'), 'utf8');

/**
 * The console's look (issue 29): its typeface and colours, a file picker drawn as the console's outlined button (the
 * native control hidden but still the one that takes the keyboard), no visible heading (the console's page already
 * titles it; the heading stays for screen readers) and no exit of its own (the console's "Finish later" is the one).
 */
const uploaderStyle = `
body { margin: 0; font: 400 1rem/1.5 Roboto, Helvetica, Arial, sans-serif; letter-spacing: 0.00938em; color: rgba(0, 0, 0, 0.87); background: #fff; }
main { padding: 16px 24px; max-width: 640px; }
h1 { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; margin: 0; }
p { margin: 0 0 8px; }
form { display: grid; gap: 12px; margin: 16px 0; }
.picker { display: flex; flex-wrap: wrap; align-items: center; gap: 12px; position: relative; }
.picker input { position: absolute; width: 1px; height: 1px; opacity: 0; }
.picker label, button { font: 500 0.875rem/1.75 Roboto, Helvetica, Arial, sans-serif; letter-spacing: 0.02857em; text-transform: uppercase; padding: 6px 16px; border-radius: 8px; cursor: pointer; }
.picker label { border: 1px solid rgba(30, 90, 168, 0.5); color: #1e5aa8; background: #fff; }
.picker:focus-within label { outline: 2px solid #1e5aa8; outline-offset: 2px; }
#file-name { color: rgba(0, 0, 0, 0.6); overflow-wrap: anywhere; }
button { border: 0; background: #1e5aa8; color: #fff; justify-self: start; box-shadow: 0 3px 1px -2px rgba(0,0,0,.2), 0 2px 2px 0 rgba(0,0,0,.14), 0 1px 5px 0 rgba(0,0,0,.12); }
button:disabled { background: rgba(0, 0, 0, 0.12); color: rgba(0, 0, 0, 0.26); box-shadow: none; cursor: default; }
progress { width: 100%; height: 4px; accent-color: #1e5aa8; }
.error { color: #d32f2f; }
.success { color: #2e7d32; }
[hidden] { display: none !important; }
`;

const playerStyle = `
html, body { margin: 0; height: 100%; background: #000; color: #fff; font: 16px/1.5 system-ui, sans-serif; }
video { display: block; width: 100%; height: 100%; }
main { box-sizing: border-box; height: 100%; padding: 0 16px; display: flex; flex-direction: column; align-items: center; justify-content: center; text-align: center; }
h1 { font-size: 1.25rem; margin: 0 0 8px; }
`;

export interface Page {
  lang: Language;
  title: string;
  style: string;
  body: string;
  /** Configuration of the uploader script; pages without it run no script. */
  frameConfig?: FrameConfig;
  refreshSeconds?: number;
}

export interface FrameConfig {
  consoleOrigin: string;
  upload?: { url: string; token: string; maxBytes: number; text: Record<string, string> };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const jsonInScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function sendPage(reply: FastifyReply, statusCode: number, consoleOrigin: string, page: Page) {
  const nonce = randomBytes(16).toString('base64');
  const policy = [
    "default-src 'none'",
    `script-src ${page.frameConfig ? `'nonce-${nonce}'` : "'none'"}`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "media-src 'self'",
    `frame-ancestors ${consoleOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return reply
    .code(statusCode)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': policy,
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    })
    .send(renderPage(page, nonce));
}

export function renderPage(page: Page, nonce: string): string {
  const refresh = page.refreshSeconds ? `\n<meta http-equiv="refresh" content="${page.refreshSeconds}">` : '';
  const script = page.frameConfig
    ? `\n<script type="application/json" id="frame-config">${jsonInScript(page.frameConfig)}</script>` +
      `\n<script nonce="${nonce}">${uploaderScript}</script>`
    : '';
  return `<!doctype html>
<html lang="${page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">${refresh}
<title>${escapeHtml(page.title)}</title>
<style nonce="${nonce}">${page.style}</style>
</head>
<body>
${page.body}${script}
</body>
</html>
`;
}

export interface UploaderPageInput {
  lang: Language;
  title: string;
  consoleOrigin: string;
  uploadUrl: string;
  token: string;
  maxBytes: number;
}

export function uploaderPage({ lang, title, consoleOrigin, uploadUrl, token, maxBytes }: UploaderPageInput): Page {
  const text = messages[lang];
  const clientText = {
    uploading: text.uploading,
    unsupportedType: text.unsupportedType,
    tooLarge: formatMessage(text.tooLarge, { limit: formatBytes(maxBytes) }),
    networkFailure: text.networkFailure,
    linkNoLongerValid: text.linkNoLongerValid,
    uploadFailed: text.uploadFailed,
    noFileChosen: text.noFileChosen,
  };
  return {
    lang,
    title,
    style: uploaderStyle,
    frameConfig: { consoleOrigin, upload: { url: uploadUrl, token, maxBytes, text: clientText } },
    body: `<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text.uploadIntro)}</p>
<form id="upload-form">
<div class="picker">
<input id="file" name="file" type="file" accept="video/*,.mkv,.mov,.m4v,.ogv" aria-describedby="file-name">
<label for="file">${escapeHtml(text.chooseFile)}</label>
<span id="file-name">${escapeHtml(text.noFileChosen)}</span>
</div>
<button id="upload" type="submit" disabled>${escapeHtml(text.upload)}</button>
<progress id="progress" max="1" value="0" hidden></progress>
<p id="progress-text" role="status"></p>
</form>
<p id="error" class="error" role="alert" hidden></p>
<p id="success" class="success" role="status" hidden>${escapeHtml(text.uploaded)}</p>
</main>`,
  };
}

export function uploaderErrorPage(lang: Language, message: string, consoleOrigin: string): Page {
  const text = messages[lang];
  return {
    lang,
    title: text.cannotOpen,
    style: uploaderStyle,
    frameConfig: { consoleOrigin },
    body: `<main>
<h1>${escapeHtml(text.cannotOpen)}</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
</main>`,
  };
}

export function playerPage(lang: Language, title: string, source: string): Page {
  return {
    lang,
    title,
    style: playerStyle,
    body: `<video controls playsinline preload="metadata" src="${escapeHtml(source)}"></video>`,
  };
}

export function playerMessagePage(lang: Language, heading: string, message: string, refreshSeconds?: number): Page {
  return {
    lang,
    title: heading,
    style: playerStyle,
    refreshSeconds,
    body: `<main>
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(message)}</p>
</main>`,
  };
}
