/**
 * Defaults of the user sign-in (docs/decisions.md H17, H18), apart from the flow itself so that the
 * CLI can name them in --help without loading openid-client at start-up.
 */
/** How long `payroll auth login --user` waits for the browser to come back. */
export const DEFAULT_LOGIN_TIMEOUT_MS = 5 * 60 * 1000;
/** Always asked for: an ID token (who signed in) and a refresh token (spec Authentication §5 Refresh). */
export const USER_BASE_SCOPES = ['openid', 'offline_access'];
/** The API scopes a clerk asks for unless --scope says otherwise (H2: the two scopes of the API). */
export const DEFAULT_USER_API_SCOPES = 'payroll:read payroll:write';
