import type { z } from 'zod';
import type { planIdField } from '../auth/schemas.js';

export interface Plan {
  id: z.infer<typeof planIdField>;
  name: string;
  /** Minor units (pence), spec 001 §3. */
  price: number;
  currency: 'gbp';
  interval: 'month' | 'year';
  features: string[];
}

const features = [
  'Unlimited order tracking',
  'CSV import and Big Cartel sync',
  'Custom keyword messages',
  'Buyer tracking page and queries inbox',
  'Reports and export (CSV, Excel, PDF)',
  'Sales analytics',
];

/**
 * The plan catalogue (spec 001 §9, the terms and onboarding reading: £8.99 a month, £89.99 a year,
 * which gives the onboarding's yearly saving of £17.89). The free plan exists for accounts whose
 * subscription ended and is filtered out of plan lists.
 */
export const plans: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: 0,
    currency: 'gbp',
    interval: 'month',
    features: ['Public order tracking'],
  },
  {
    id: 'pro_monthly',
    name: 'Pro Monthly',
    price: 899,
    currency: 'gbp',
    interval: 'month',
    features,
  },
  {
    id: 'pro_yearly',
    name: 'Pro Yearly',
    price: 8999,
    currency: 'gbp',
    interval: 'year',
    features,
  },
];

/** A plan a seller can buy. */
export type SelectablePlan = Plan & { id: Exclude<Plan['id'], 'free'> };

/** Plans a seller can choose (spec 001 §5: the free plan is filtered out). */
export const selectablePlans: SelectablePlan[] = plans.filter(
  (plan): plan is SelectablePlan => plan.id !== 'free',
);

/**
 * 12 monthly prices minus the yearly price, in pence (spec 001 §9), of the catalogue or of the
 * plans a screen loaded; 0 when either plan is missing.
 */
export function yearlySaving(
  from: readonly Pick<Plan, 'id' | 'price' | 'interval'>[] = selectablePlans,
): number {
  const monthly = from.find((plan) => plan.id !== 'free' && plan.interval === 'month');
  const yearly = from.find((plan) => plan.id !== 'free' && plan.interval === 'year');
  return monthly && yearly ? monthly.price * 12 - yearly.price : 0;
}

/** `£8.99` from 899 pence (spec 001 §9: amount divided by 100, two decimals). */
export const formatPence = (pence: number) => `£${(pence / 100).toFixed(2)}`;

export const trialDays = 7;
