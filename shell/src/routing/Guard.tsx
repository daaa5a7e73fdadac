import type { ReactNode } from 'react';
import { Navigate } from '@onvelope/router';
import { redirectFor, type RouteAccess } from './access.js';
import { currentViewer } from './viewer.js';

// The viewer is read on every render rather than held in state: sign-in and logout happen inside
// the remotes, which write storage and navigate; the next route render sees the change.
export function Guard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const target = redirectFor(access, currentViewer());
  return target ? <Navigate to={target} replace /> : children;
}
