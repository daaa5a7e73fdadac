import { requiresSubscription } from './billing/access.js';
import type { RouteContract } from './route.js';

type JsonObject = Record<string, unknown>;

const errorBody = {
  'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } },
};

const errorResponse = (description: string, extra: JsonObject = {}): JsonObject => ({
  description,
  content: errorBody,
  ...extra,
});

/**
 * The refusals every service and the gateway answer, in the shape ARCHITECTURE.md gives every error
 * (`{ error, details }`), shared by reference from each operation that can answer them.
 */
export const sharedErrorResponses = {
  BadRequest: errorResponse(
    'The request does not match the contract: `details` names each field and what is wrong with it',
  ),
  Unauthorized: errorResponse(
    'No credential, or one that is malformed, expired, revoked or wrong (a password, a signature)',
  ),
  PaymentRequired: errorResponse(
    "The seller's trial or subscription has ended: `reason` says which, as the pricing page shows it",
  ),
  Forbidden: errorResponse(
    'Not allowed: the other kind of account, an API key this route does not take or a read-only key for a change, or an email not verified yet',
  ),
  NotFound: errorResponse('Nothing by that id or address belongs to the caller'),
  Conflict: errorResponse(
    'The current state does not allow it (an order already shipped, an email already taken, a store to connect again first)',
  ),
  PayloadTooLarge: errorResponse('The body is larger than this call accepts'),
  TooManyRequests: errorResponse(
    'Over a limit (per address, per account or per API key): wait as long as `Retry-After` says',
    {
      headers: {
        'Retry-After': {
          description: 'Seconds to wait before trying again',
          schema: { type: 'integer', minimum: 1 },
        },
      },
    },
  ),
  Unavailable: errorResponse(
    'A service behind the gateway failed (502), is down or not configured (503), or did not answer in time (504)',
  ),
} satisfies Record<string, JsonObject>;

type SharedError = keyof typeof sharedErrorResponses;

const ref = (name: SharedError) => ({ $ref: `#/components/responses/${name}` });

/**
 * The error answers of one route, from what it takes and who may call it: 400 for any input, 401
 * and 403 for a signed-in caller, 402 for the paid workspace, 404 for an id in the path, 413 for a
 * body, 429 for an API key's limit, plus the refusals the route declares of its own (`docs.errors`),
 * and 5XX from the gateway for every call.
 */
export function errorResponsesOf(route: RouteContract): Record<string, JsonObject> {
  const own = new Set(route.docs?.errors);
  const signedIn = route.access !== 'public';
  const takesBody = Boolean(route.schemas.body ?? route.docs?.body);
  const takesInput = Boolean(
    takesBody || route.schemas.query || route.schemas.params || route.path.includes('{'),
  );
  const answers: [string, SharedError, boolean][] = [
    ['400', 'BadRequest', takesInput],
    ['401', 'Unauthorized', signedIn || own.has(401)],
    ['402', 'PaymentRequired', requiresSubscription(route)],
    ['403', 'Forbidden', signedIn || own.has(403)],
    ['404', 'NotFound', route.path.includes('{') || own.has(404)],
    ['409', 'Conflict', own.has(409)],
    ['413', 'PayloadTooLarge', takesBody],
    ['429', 'TooManyRequests', Boolean(route.apiKey) || own.has(429)],
    ['5XX', 'Unavailable', true],
  ];
  return Object.fromEntries(
    answers.filter(([, , applies]) => applies).map(([status, name]) => [status, ref(name)]),
  );
}
