/** Spec 001 §1 and §9: onboarding starts a 7-day free trial. */
export const trialDays = 7;

export function trialEndFrom(start: Date): Date {
  return new Date(start.getTime() + trialDays * 24 * 60 * 60_000);
}
