import { z } from 'zod';

// An empty variable (GOOGLE_CLIENT_ID= in a .env file) means "not set", not "the id is ''".
const optionalSecret = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().optional(),
);
const siteUrl = z.url().transform((url) => url.replace(/\/+$/, ''));

/**
 * Google sign-in settings, spread into svc-auth's config schema. Without GOOGLE_CLIENT_ID the
 * routes answer by sending the browser back to /login with a "not configured" message.
 */
export const googleConfigShape = {
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: optionalSecret,
  GOOGLE_CLIENT_SECRET: optionalSecret,
  GOOGLE_REDIRECT_URL: z.url().default('http://localhost:8080/auth/google/callback'),
  /** Where the browser is sent back to (the site the shell is served from). */
  PUBLIC_SITE_URL: siteUrl.default('http://localhost:8080'),
};

export const googleConfigSchema = z.object(googleConfigShape);
export type GoogleConfig = z.infer<typeof googleConfigSchema>;
