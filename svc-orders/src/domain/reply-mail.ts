/** The email a buyer gets when the seller answers their query. */
export function replyMail(input: {
  customerName: string;
  orderNumber: string;
  subject: string;
  message: string;
  reply: string;
  merchantName: string | null;
  portalUrl: string;
}): { subject: string; text: string } {
  const seller = input.merchantName ?? 'The seller';
  return {
    subject: `Re: ${input.subject} (order ${input.orderNumber})`,
    text: [
      `Hello ${input.customerName || 'there'},`,
      '',
      `${seller} replied to your question about order ${input.orderNumber}:`,
      '',
      input.reply,
      '',
      'Your question:',
      input.subject,
      input.message,
      '',
      `With a buyer account for this email address you also find the reply at ${input.portalUrl}.`,
    ].join('\n'),
  };
}
