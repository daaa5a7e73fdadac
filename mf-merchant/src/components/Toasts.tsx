import { Toasts as SharedToasts, type Toast } from '@onvelope/ui';

/** The stack of toasts (packages/ui `Toasts`) in this remote's own look (`me-toast`). */
export function Toasts({ toasts }: { toasts: Toast[] }) {
  return <SharedToasts toasts={toasts} classPrefix="me" />;
}
