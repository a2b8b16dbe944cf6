import type { JWTPayload } from 'jose';
import { type Actor, DomainError } from '../../service/ports.js';

/**
 * What a verified access token grants (docs/decisions.md H2, H3):
 * - `sub` → Actor.subject (recorded as created_by, spec Authentication §9);
 * - scopes from `scope` (space separated, RFC 9068 §2.2.3) or `scp` (string or array);
 *   `payroll:write` implies `payroll:read` (a writer reads back what it wrote); `payroll:audit` (the audit trail)
 *   is implied by neither and implies nothing (decision AU6);
 * - organizations from the `payroll_orgs` claim: an array of organization ids, or ["*"] for every
 *   organization. A token without the claim reaches no organization.
 */
export const SCOPES = { read: 'payroll:read', write: 'payroll:write', audit: 'payroll:audit' } as const;
export const DEFAULT_ORGS_CLAIM = 'payroll_orgs';
export const ALL_ORGANIZATIONS = '*';

function scopesOf(payload: JWTPayload): Set<string> {
  const raw = payload.scope ?? payload.scp;
  const list = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(' ') : [];
  const scopes = new Set(list.filter((s) => s !== ''));
  if (scopes.has(SCOPES.write)) scopes.add(SCOPES.read);
  return scopes;
}

function organizationsOf(payload: JWTPayload, claim: string): Actor['organizations'] {
  const raw = payload[claim];
  if (raw === undefined || raw === null) return new Set();
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(' ') : null;
  if (!list || !list.every((v) => typeof v === 'string')) {
    throw new DomainError('unauthenticated', 'AUTH.TOKEN_INVALID', `the access token's ${claim} claim must be an array of organization ids`);
  }
  if (list.includes(ALL_ORGANIZATIONS)) return 'all';
  return new Set(list as string[]);
}

export function actorFromClaims(payload: JWTPayload, orgsClaim: string = DEFAULT_ORGS_CLAIM): Actor {
  if (typeof payload.sub !== 'string' || payload.sub === '') {
    throw new DomainError('unauthenticated', 'AUTH.TOKEN_INVALID', 'the access token names no subject (sub claim)');
  }
  return { subject: payload.sub, scopes: scopesOf(payload), organizations: organizationsOf(payload, orgsClaim) };
}
