/**
 * An organization embeds at most this many records of each collection (work_sites, each work site's contacts,
 * bank_accounts, contacts, sepa_mandates), the first by id; the paginated lists hold them all (issue 20 F6,
 * docs/decisions.md API2). A module of its own, without zod, so that reading an organization builds no schema
 * (issue 19 "instant start", decision ZOD-1); organization.ts re-exports it.
 */
export const EMBEDDED_LIMIT = 100;
