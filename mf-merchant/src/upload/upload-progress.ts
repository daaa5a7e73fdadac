/** How much of the file the browser has sent (the server imports the file as it reads it). */
export interface SentBytes {
  sent: number;
  total: number;
}

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** Whole percent of the file sent, 0 before the first report. */
export function sentPercent(progress: SentBytes | null): number {
  if (!progress || progress.total <= 0) return 0;
  return Math.min(100, Math.floor((progress.sent / progress.total) * 100));
}

/**
 * The line under the progress bar. Once the whole file is sent the server still writes its last
 * rows, so the line says so rather than showing a finished 100 %.
 *
 * @example importProgressText({ sent: 2_411_724, total: 5_347_737 }, 5_347_737)
 * // 'Importing… 45% (2.3 of 5.1 MB)'
 */
export function importProgressText(progress: SentBytes | null, fileSize: number): string {
  if (progress && progress.total > 0 && progress.sent >= progress.total) {
    return 'Finishing the import…';
  }
  const total = progress?.total || fileSize;
  return `Importing… ${sentPercent(progress)}% (${megabytes(progress?.sent ?? 0)} of ${megabytes(total)} MB)`;
}
