/** Readers of Big Cartel attribute values, which come loosely typed. */

/** Text, trimmed; numbers as text (ids); null when empty or of another type. */
export const text = (value: unknown): string | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const trimmed = String(value).trim();
  return trimmed ? trimmed : null;
};

/** Money and quantities come as decimal strings ("110.0") or numbers. */
export const decimal = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
};

export const isoDate = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};
