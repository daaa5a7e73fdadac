import { z } from 'zod';
import { emailField } from '../auth/schemas.js';
import { longerThan, textField, type TextLines } from '../text.js';
import { trackingEntry } from './schemas.js';

// Spec 001 §5 and §8: the words a buyer sees.
export const buyerMessages = {
  fillAllFields: 'Please fill in all fields',
  orderNotFound: 'Order not found',
  fillSubjectAndMessage: 'Please fill in both subject and message fields.',
  querySent: 'Query sent successfully!',
  replyRequired: 'Reply message is required',
  resolveNeedsReply: 'A query can be resolved once the seller has replied.',
} as const;

export const querySubjectMax = 60;
export const queryMessageMax = 500;

const required = (message: string, lines: TextLines = 'single') =>
  textField({ error: message, lines }).min(1, message);

/** Spec 001 §3 "Track query": postcode trimmed and upper-cased. */
export const lookupRequest = z.object({
  email: required(buyerMessages.fillAllFields).pipe(emailField),
  postcode: required(buyerMessages.fillAllFields).transform((postcode) => postcode.toUpperCase()),
  orderNumber: required(buyerMessages.fillAllFields),
});

/** A tracking entry as a buyer may see it (spec 001 §3), with the seller's name and website. */
export const buyerOrder = trackingEntry.omit({
  keywordExplanation: true,
  statusRule: true,
  source: true,
});
export type BuyerOrder = z.infer<typeof buyerOrder>;

export const lookupResponse = z.object({
  order: buyerOrder,
  /** A signed link that opens this order's tracking page without typing email and postcode. */
  trackingLink: z.string().optional(),
});

export const signedLinkQuery = z.object({ token: z.string().min(1).max(2000) });

export const orderQueryStatuses = ['sent', 'viewed', 'resolved'] as const;

export const sendOrderQueryRequest = z.object({
  accountId: textField({ trim: false }).min(1),
  customerName: textField().max(200).optional().default(''),
  customerEmail: required(buyerMessages.fillAllFields).pipe(emailField),
  orderNumber: required(buyerMessages.fillAllFields),
  subject: required(buyerMessages.fillSubjectAndMessage).max(
    querySubjectMax,
    `Subject must be at most ${querySubjectMax} characters`,
  ),
  message: required(buyerMessages.fillSubjectAndMessage, 'multi').max(
    queryMessageMax,
    `Message must be at most ${queryMessageMax} characters`,
  ),
});

/** Spec 000 §3 "Order query". */
export const orderQuery = z.object({
  id: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  orderNumber: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(orderQueryStatuses),
  createdAt: z.iso.datetime(),
  orderDetails: z.object({ items: z.string().nullable() }),
  replies: z.array(z.object({ id: z.string(), message: z.string(), sentAt: z.iso.datetime() })),
});
export const orderQueryResponse = z.object({ query: orderQuery, message: z.string().optional() });
export const orderQueriesResponse = z.object({ queries: z.array(orderQuery) });
export const replyRequest = z.object({
  message: required(buyerMessages.replyRequired, 'multi').max(5000, longerThan('The reply', 5000)),
});

/** Spec 001 §3 "Claimed order". */
export const claimedOrder = z.object({
  id: z.string(),
  nickname: z.string().nullable(),
  notes: z.string().nullable(),
  claimedAt: z.iso.datetime(),
  order: buyerOrder,
});
export const claimOrderRequest = z.object({
  email: required(buyerMessages.fillAllFields).pipe(emailField),
  postcode: required(buyerMessages.fillAllFields).transform((postcode) => postcode.toUpperCase()),
  orderNumber: required(buyerMessages.fillAllFields),
  nickname: textField().max(100).optional(),
});
export const claimedOrderResponse = z.object({
  claim: claimedOrder,
  message: z.string().optional(),
});
export const claimedOrdersResponse = z.object({ orders: z.array(claimedOrder) });
/** Only the nickname and notes of a claim can change (spec 001 §6); anything else is refused. */
export const updateClaimRequest = z.strictObject(
  {
    nickname: textField().max(100).nullable().optional(),
    notes: textField({ lines: 'multi' }).max(2000).nullable().optional(),
  },
  { error: 'Only nickname and notes can be changed' },
);
export const unclaimResponse = z.object({ message: z.string() });
