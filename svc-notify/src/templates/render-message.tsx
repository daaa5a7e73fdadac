import { render } from '@react-email/render';
import { messageContent, type MessageInput } from '../domain/message-content.js';
import { BuyerMessage } from './BuyerMessage.js';

export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
}

/**
 * A buyer message as it is sent: the subject (one header line), responsive HTML and the
 * plain-text part made from the same tree.
 *
 * @example const { subject, html, text } = await renderMessage({ milestone: 'shipped', ... });
 */
export async function renderMessage(input: MessageInput): Promise<RenderedMessage> {
  const content = messageContent(input);
  const element = <BuyerMessage content={content} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: content.subject, html, text };
}
