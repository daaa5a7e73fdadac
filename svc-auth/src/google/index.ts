export { googleConfigSchema, googleConfigShape, type GoogleConfig } from './google-config.js';
export { GoogleSignInError } from './google-sign-in-error.js';
export {
  createGoogleSignIn,
  type GoogleIdentity,
  type GoogleSignIn,
  type GoogleSignInOptions,
} from './google-sign-in.js';
export {
  googleLandingPath,
  googleStateCookie,
  registerGoogleRoutes,
  type GoogleRouteDeps,
} from './google.routes.js';
