import { startTrial as startTrialCommand } from '@onvelope/contracts';
import { serveCommand } from '@onvelope/service-kit/nats';
import type { BillingDeps } from '../deps.js';
import { startTrial } from '../use-cases/start-trial.js';

/** Answers svc-auth's `billing.startTrial` when a seller finishes onboarding. */
export const serveStartTrial = (deps: BillingDeps) =>
  serveCommand(
    deps.nats,
    startTrialCommand,
    'svc-billing',
    (request) => startTrial(deps, request),
    deps.log,
  );
