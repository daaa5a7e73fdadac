import { getSettings, updateEmail, updatePassword, updateProfile } from '@onvelope/contracts';
import { callerOf } from '@onvelope/service-kit/auth';
import { type ServiceRoutes } from '@onvelope/service-kit/http';
import type { AuthDeps } from '../deps.js';
import { changePassword } from '../use-cases/change-password.js';
import { changeSellerEmail } from '../use-cases/change-seller-email.js';
import { getAccountSettings } from '../use-cases/get-account-settings.js';
import { updateSellerProfile } from '../use-cases/update-seller-profile.js';

/** Account settings: every call acts on the token's own seller, never on an id from the request. */
export function registerSettingsRoutes(routes: ServiceRoutes, deps: AuthDeps): void {
  routes.handle(getSettings, async (ctx) => getAccountSettings(deps, callerOf(ctx)));
  routes.handle(updateProfile, async (ctx, { body }) =>
    updateSellerProfile(deps, callerOf(ctx), body),
  );
  routes.handle(updateEmail, async (ctx, { body }) =>
    changeSellerEmail(deps, callerOf(ctx), { ...body, ip: ctx.ip }),
  );
  routes.handle(updatePassword, async (ctx, { body }) =>
    changePassword(deps, callerOf(ctx), { ...body, ip: ctx.ip }),
  );
}
