import { z } from 'zod';
import { defineCommand } from '../messaging.js';

/**
 * The seller's public face (spec 001 §3: the tracking entry carries merchant name and website),
 * asked of svc-auth when a buyer looks an order up.
 */
export const getSellerPublicProfile = defineCommand({
  subject: 'auth.sellerPublicProfile',
  request: z.object({ accountId: z.string().min(1) }),
  response: z.object({ name: z.string().nullable(), website: z.string().nullable() }),
});

/**
 * A buyer's email address and whether it is verified, asked of svc-auth by svc-orders: a buyer's
 * token carries only their id, and their queries are the ones sent from their verified address.
 */
export const getCustomerEmail = defineCommand({
  subject: 'auth.customerEmail',
  request: z.object({ customerId: z.string().min(1) }),
  response: z.object({ email: z.string().nullable(), isVerified: z.boolean() }),
});

/**
 * The country in a seller's account settings, asked of svc-auth by svc-orders when a file's dates
 * could be read day first or month first (svc-orders README, "Store exports").
 */
export const getSellerCountry = defineCommand({
  subject: 'auth.sellerCountry',
  request: z.object({ accountId: z.string().min(1) }),
  response: z.object({ country: z.string().nullable() }),
});

/**
 * The time zone of a seller's account settings (`DEFAULT_TIME_ZONE` when they chose none), asked
 * of svc-auth by svc-analytics each time it computes the seller's figures.
 */
export const getSellerTimeZone = defineCommand({
  subject: 'auth.sellerTimeZone',
  request: z.object({ accountId: z.string().min(1) }),
  response: z.object({ timeZone: z.string() }),
});
