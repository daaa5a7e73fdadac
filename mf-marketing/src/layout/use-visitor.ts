import { useState } from 'react';
import { readCustomerSession, readMerchantSession } from '@onvelope/ui';
import { visitorFrom, type Visitor } from '../domain/visitor.js';

/**
 * The visitor as the stored sessions say when the component mounts (an expired token counts as
 * none), and a way to change it when the component itself signs them out. Signing in happens on
 * /login, outside the public frame, so the header mounts again afterwards.
 */
export function useVisitor(): [Visitor, (visitor: Visitor) => void] {
  return useState<Visitor>(() =>
    visitorFrom({ merchant: readMerchantSession(), customer: readCustomerSession() }),
  );
}
