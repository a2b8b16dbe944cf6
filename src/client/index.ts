/** The remote PayrollService (HTTPS + OAuth 2 client credentials), generated from the route table. */
export { createRemoteService, buildPath, buildQuery, type RemoteServiceOptions } from './remote-service.js';
export { createHttpsFetch, type HttpsFetch, type HttpsFetchOptions } from './https-fetch.js';
export { clientCredentialsTokenSource, tokenEndpointOf, type ClientCredentialsOptions, type TokenSource } from './token-source.js';
export { fileTokenCache, memoryTokenCache, type CachedToken, type TokenCache } from './token-cache.js';
export { readSecretFile, removeSecretFile, secretPath, tokenCachePath, writeSecretFile } from './credentials.js';
export { errorFromResponse } from './errors.js';
export { assertCodeVerifier, codeChallengeS256, createPkcePair, generateCodeVerifier, type PkcePair } from './pkce.js';
export { loginUser, type UserLoginOptions } from './user-login.js';
export { userTokenSource, type UserTokenOptions } from './user-token-source.js';
