/** The hosted instance (`payroll serve`): HTTP API over the route table, HTTPS only, OAuth 2 bearer tokens. */
export { API_VERSION, createApp, type AppOptions } from './app.js';
export { createJwtAuthenticator, discoverJwksUrl, type Authenticator, type FetchLike, type JwtAuthenticatorOptions } from './auth/authenticator.js';
export { actorFromClaims, DEFAULT_ORGS_CLAIM, SCOPES } from './auth/claims.js';
export { listenHttpsOnly, type HostedServer, type HttpsOnlyOptions } from './https-only.js';
export { acceptedRequestId, createLogger, createPathMasker } from './logging.js';
export { ensureDevCertificate, generateDevCertificate } from './tls/dev-cert.js';
