import type { SepaMandate } from '../contracts/sepa-mandate.js';
import type { SepaMandateTable } from '../../store/schema.js';
import { isSet } from '../context.js';

export function toSepaMandate(row: SepaMandateTable): SepaMandate {
  return {
    id: row.id,
    creditor_id: row.creditor_id,
    bank_account_id: row.bank_account_id,
    is_recurring: isSet(row.is_recurring),
    created_by: row.created_by,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    mandate_reference: row.mandate_reference,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
