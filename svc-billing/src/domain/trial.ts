import { trialDays } from '@onvelope/contracts';

/** Spec 001 §1 and §9: onboarding starts a 7-day free trial. */
export const trialLengthMs = trialDays * 24 * 60 * 60_000;

export function trialEndFrom(start: Date, lengthMs = trialLengthMs): Date {
  return new Date(start.getTime() + lengthMs);
}
