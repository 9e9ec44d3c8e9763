import type { DownloadedFile } from '../api/exports';

/** The browser saves a downloaded file under its name (a link to it, clicked); its URL is let go once the save began. */
export function saveDownload({ blob, fileName }: DownloadedFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
