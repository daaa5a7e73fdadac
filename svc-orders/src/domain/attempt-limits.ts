/**
 * Messages of the limits on the public calls that could be used to guess orders (decided; the spec
 * names no limit). The limits themselves are `AttemptLimit`s of the service kit.
 */

export const lookupMessages = {
  tooManyLookups: (minutes: number) =>
    `Too many order lookups. Please try again in ${minutesText(minutes)}.`,
  tooManyQueries: (minutes: number) =>
    `Too many queries sent. Please try again in ${minutesText(minutes)}.`,
} as const;

const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;
