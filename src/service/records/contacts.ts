import type { z } from 'zod';
import type { Contact, contactInput } from '../contracts/contact.js';
import { insertContacts as insertContactRows } from '../../store/repositories/contacts.js';
import type { ContactTable } from '../../store/schema.js';
import { type Db, nowIso, type ServiceContext } from '../context.js';
import { uuidv7 } from '../ids.js';

type ParsedContact = z.output<typeof contactInput>;

export function toContact(row: ContactTable): Contact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone_number === null ? null : { phone_number: row.phone_number },
    roles: JSON.parse(row.roles_json) as string[],
    org_id: row.org_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** E-mail addresses compare case-insensitively: stored lower case so the unique index sees duplicates. */
export function contactRow(ctx: ServiceContext, orgId: string, worksiteId: string | null, input: ParsedContact): ContactTable {
  const now = nowIso(ctx);
  return {
    id: uuidv7(),
    org_id: orgId,
    worksite_id: worksiteId,
    name: input.name,
    email: input.email ? input.email.toLowerCase() : null,
    phone_number: input.phone?.phone_number ?? null,
    roles_json: JSON.stringify(input.roles),
    created_at: now,
    updated_at: now,
  };
}

export async function insertContacts(ctx: ServiceContext, db: Db, orgId: string, worksiteId: string | null, contacts: ParsedContact[]): Promise<Contact[]> {
  const rows = contacts.map((c) => contactRow(ctx, orgId, worksiteId, c));
  await insertContactRows(db, rows);
  return rows.map(toContact);
}
