import { marked } from 'marked';

/** Where the printable plans go, beside the Markdown ones. */
export const printableDirectory = 'docs/test-plans/print';

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Kept in the page: the plans are opened from the file system or a repository browser, without a server. */
const style = `
  body { font: 11pt/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; color: #111; }
  h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 1.8em; border-bottom: 1px solid #ccc; }
  table { border-collapse: collapse; width: 100%; margin: 0.8em 0; }
  th, td { border: 1px solid #999; padding: 0.3em 0.5em; vertical-align: top; text-align: left; }
  code { font-size: 0.9em; background: #f2f2f2; padding: 0 0.2em; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; }
  blockquote { margin: 0; color: #444; }
  @media print {
    body { margin: 0; max-width: none; font-size: 10pt; }
    a { color: inherit; text-decoration: none; }
    h2 { break-after: avoid; } tr, li { break-inside: avoid; }
  }`;

/**
 * A plan as one printable HTML page (the smoke checklist's ☐ column is there to tick on paper). Made from the
 * committed Markdown by `npm run test-plans`, so the two never differ.
 */
export function renderPrintable(markdown: string, title: string): string {
  const body = marked.parse(markdown, { async: false, gfm: true });
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${style}\n</style>`,
    '</head>',
    '<body>',
    body.trimEnd(),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
