/**
 * A SEPA credit transfer batch (salaries): one debtor account, one execution date, one credit per employee.
 * Amounts are decimal strings in euros; IBANs and BICs are already checked.
 */
export interface SepaBatch {
  /** Unique per message and the same for the same run: GrpHdr/MsgId (max 35, the DK pattern's characters). */
  messageId: string;
  /** ISO 8601 instant the message was made (GrpHdr/CreDtTm): the run's approval, never the clock. */
  createdAt: string;
  initiatingParty: string;
  paymentInformationId: string;
  executionDate: string;
  debtor: { name: string; iban: string; bic: string | null };
  credits: SepaCredit[];
}

export interface SepaCredit {
  endToEndId: string;
  amount: string;
  name: string;
  iban: string;
  bic: string | null;
  /** Unstructured remittance text (max 140). */
  remittance: string;
}
