import { z } from 'zod';
import { routeOwnedBy } from '../route.js';
import {
  liftSuppressionRequest,
  liftSuppressionResponse,
  milestoneParams,
  notificationSettingsResponse,
  orderNotificationsParams,
  orderNotificationsResponse,
  previewPageParams,
  previewQuery,
  previewResponse,
  sellerMessagesResponse,
  sendTestRequest,
  sendTestResponse,
  suppressionsResponse,
  unsubscribeParams,
  unsubscribeResponse,
  updateNotificationSettingsRequest,
} from './schemas.js';
import { webhookRoutes } from './webhooks-http.js';

export * from './webhooks-http.js';

const route = routeOwnedBy('svc-notify');

/** Issue 34: the seller's notification settings (defaults until they save). */
export const getNotificationSettings = route(
  'GET',
  '/api/notify/settings',
  'merchant',
  'implied',
  'Buyer notification settings',
  { schemas: { response: notificationSettingsResponse } },
);

export const updateNotificationSettings = route(
  'PUT',
  '/api/notify/settings',
  'merchant',
  'implied',
  'Change buyer notification settings',
  { schemas: { body: updateNotificationSettingsRequest, response: notificationSettingsResponse } },
);

/** A milestone's message rendered with a sample order and the seller's settings. */
export const previewNotification = route(
  'GET',
  '/api/notify/preview/{milestone}',
  'merchant',
  'implied',
  'Preview a buyer notification',
  { schemas: { params: milestoneParams, query: previewQuery, response: previewResponse } },
);

/**
 * The preview as a page for the seller's frame, by the signed, short-lived address
 * `previewNotification` answers (a frame sends no bearer token). Its own Content-Security-Policy
 * lets the message's inline styles and https images in and nothing else (no script, no form, no
 * connection), framed by the site's own pages only; the gateway passes that policy through.
 */
export const previewNotificationPage = route(
  'GET',
  '/api/notify/preview-page/{token}',
  'public',
  'implied',
  'A buyer notification preview as a page',
  {
    schemas: { params: previewPageParams },
    description:
      'The address comes from `GET /api/notify/preview/{milestone}` (`pageUrl`) and is good for ten minutes. 404 once it has expired or when it was not made by svc-notify.',
    docs: { answer: { 'text/html': z.string() }, errors: [404] },
  },
);

/** Mails a milestone's sample message to the seller's own account address. */
export const sendTestNotification = route(
  'POST',
  '/api/notify/test',
  'merchant',
  'implied',
  'Send me a test notification',
  {
    status: 202,
    schemas: { body: sendTestRequest, response: sendTestResponse },
    docs: { errors: [409, 429] },
  },
);

/** What was sent to an order's buyer, when, and why anything was not. */
export const orderNotifications = route(
  'GET',
  '/api/notify/orders/{entryId}',
  'merchant',
  'implied',
  "An order's notification history",
  { schemas: { params: orderNotificationsParams, response: orderNotificationsResponse } },
);

/**
 * What svc-notify sent the seller themselves (buyers' queries, daily digests, billing and
 * store-front messages): kind, subject, when and state, newest first.
 */
export const sellerMessages = route(
  'GET',
  '/api/notify/messages',
  'merchant',
  'implied',
  'Messages sent to the seller',
  { schemas: { response: sellerMessagesResponse } },
);

/** Addresses the seller's mails no longer go to (unsubscribed, or refused by their mail server). */
export const notificationSuppressions = route(
  'GET',
  '/api/notify/suppressions',
  'merchant',
  'implied',
  'Suppressed buyer addresses',
  { schemas: { response: suppressionsResponse } },
);

/**
 * The seller lifts a suppression (the address gets their mails again). A buyer's own unsubscribe
 * needs `buyerAsked: true` (409 without it); 404 when the address is not suppressed.
 */
export const liftSuppression = route(
  'POST',
  '/api/notify/suppressions/lift',
  'merchant',
  'implied',
  'Lift a suppressed buyer address',
  {
    schemas: { body: liftSuppressionRequest, response: liftSuppressionResponse },
    docs: { errors: [404, 409] },
  },
);

/**
 * The page a buyer's "Unsubscribe" link opens: it asks (a GET never unsubscribes, since mail
 * scanners open links), and answers JSON to `Accept: application/json`.
 */
export const showUnsubscribe = route(
  'GET',
  '/api/notify/unsubscribe/{token}',
  'public',
  'implied',
  'Unsubscribe page of a buyer notification',
  {
    schemas: { params: unsubscribeParams, response: unsubscribeResponse },
    description:
      'The page a buyer’s “Unsubscribe” link opens: it asks, and never unsubscribes by itself (mail scanners open links). JSON to `Accept: application/json`, the page otherwise.',
    docs: { answer: { 'text/html': z.string() } },
  },
);

/** RFC 8058 one-click unsubscribe (`List-Unsubscribe-Post`), and the page's button. */
export const unsubscribe = route(
  'POST',
  '/api/notify/unsubscribe/{token}',
  'public',
  'implied',
  'Unsubscribe from a seller’s buyer notifications',
  {
    schemas: { params: unsubscribeParams, response: unsubscribeResponse },
    description:
      'RFC 8058 one-click unsubscribe (`List-Unsubscribe-Post`), and the page’s button. JSON to `Accept: application/json`, the page otherwise.',
    docs: {
      // Mail clients send RFC 8058's form; the token in the path is all the service reads.
      body: {
        mediaType: 'application/x-www-form-urlencoded',
        required: false,
        schema: z.object({ 'List-Unsubscribe': z.literal('One-Click') }),
      },
      answer: { 'text/html': z.string() },
    },
  },
);

/** Every svc-notify call, each also exported by name. */
export const notifyRoutes = [
  getNotificationSettings,
  updateNotificationSettings,
  previewNotification,
  previewNotificationPage,
  sendTestNotification,
  orderNotifications,
  sellerMessages,
  notificationSuppressions,
  liftSuppression,
  showUnsubscribe,
  unsubscribe,
  ...webhookRoutes,
];
