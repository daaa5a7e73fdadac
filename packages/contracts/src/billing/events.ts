import { z } from 'zod';
import { defineCommand, defineStream, subjectToken } from '../messaging.js';
import { consentRecord, planIdField } from '../auth/schemas.js';
import { billingAccessState } from './access.js';

/**
 * The latest billing state of every seller account, one subject per account
 * (`billing.access.<accountId>`) keeping only its last message: every service replays it at
 * start-up (one message per account) and follows it, so a webhook closes or opens a workspace
 * within a second, with no new sign-in.
 */
export const billingAccessStream = defineStream({
  name: 'BILLING_ACCESS',
  subjects: ['billing.access.*'],
  maxMessagesPerSubject: 1,
});

export const billingAccessSubject = (accountId: string) =>
  `billing.access.${subjectToken(accountId)}`;

export const billingAccessChanged = {
  stream: billingAccessStream,
  subjectOf: billingAccessSubject,
  payload: billingAccessState,
};

/**
 * svc-auth asks svc-billing to start an account's free trial when onboarding completes, with the
 * consent the seller gave; svc-billing owns the trial and answers when it ends. Starting again
 * answers the trial already running (a trial starts once).
 */
export const startTrial = defineCommand({
  subject: 'billing.startTrial',
  request: z.object({
    accountId: z.string().min(1),
    email: z.string().min(1),
    selectedPlan: planIdField,
    consent: consentRecord.extend({ requestIp: z.string() }),
  }),
  response: z.object({ trialEnd: z.iso.datetime() }),
});
