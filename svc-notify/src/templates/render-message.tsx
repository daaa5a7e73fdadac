import type { ReactElement } from 'react';
import { render } from '@react-email/render';
import { DEFAULT_ACCENT, messageContent, type MessageInput } from '../domain/message-content.js';
import type { QueryReplyContent } from '../domain/buyer-notice-content.js';
import type { SellerMessageContent } from '../domain/seller-message-content.js';
import { BuyerMessage } from './BuyerMessage.js';
import { QueryReplyMessage } from './QueryReplyMessage.js';
import { SellerMessage } from './SellerMessage.js';

export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
}

/** The responsive HTML and the plain-text part, made from the same tree. */
async function renderParts(element: ReactElement) {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

/**
 * A buyer message as it is sent: the subject (one header line), responsive HTML and the
 * plain-text part made from the same tree.
 *
 * @example const { subject, html, text } = await renderMessage({ milestone: 'shipped', ... });
 */
export async function renderMessage(input: MessageInput): Promise<RenderedMessage> {
  const content = messageContent(input);
  return { subject: content.subject, ...(await renderParts(<BuyerMessage content={content} />)) };
}

/**
 * A message to the seller (`domain/seller-message-content.ts` words it), in the product's own
 * colour: it is ONVELOPE writing to its customer, not the seller's shop to a buyer.
 *
 * @example const { subject, html, text } = await renderSellerMessage(sellerNoticeContent(...));
 */
export async function renderSellerMessage(content: SellerMessageContent): Promise<RenderedMessage> {
  return {
    subject: content.subject,
    ...(await renderParts(<SellerMessage content={content} accent={DEFAULT_ACCENT} />)),
  };
}

/**
 * The seller's reply to a buyer's query (`domain/buyer-notice-content.ts` words it), in the
 * seller's look like a milestone message.
 *
 * @example const { subject, html, text } = await renderQueryReply(queryReplyContent(...));
 */
export async function renderQueryReply(content: QueryReplyContent): Promise<RenderedMessage> {
  return {
    subject: content.subject,
    ...(await renderParts(<QueryReplyMessage content={content} />)),
  };
}
