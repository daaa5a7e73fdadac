/**
 * Hands a downloaded file to the browser as a download: an object URL on an `<a download>` that is
 * clicked once. The URL is released a moment later, once the browser has taken the bytes.
 *
 * @example
 * const { blob, filename } = await api.download(exportReport, { body });
 * saveFile(blob, filename ?? 'report.csv');
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
