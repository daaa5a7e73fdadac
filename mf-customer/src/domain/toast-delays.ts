import { toastHideMs } from '@onvelope/ui';

/** spec 001 §9: the resolve notice vanishes after 3 s, the unclaim notice (like the others) after 5 s. */
export const toastDelays = { resolved: 3000, unclaimed: toastHideMs } as const;
