/**
 * A Bacs payment batch: the employer (service user) pays each employee's net pay by Bacs credit from one
 * originating account, processed on one day. Amounts are decimal strings in pounds; sort codes and account
 * numbers are already checked (6 and 8 digits).
 */
export interface BacsBatch {
  /** Bacs service user number (SUN), 6 digits. */
  serviceUserNumber: string;
  /** Serial number of the submission (6 characters): identifies the file to the service user. */
  serialNumber: string;
  /** Processing day (Bacs day 2: credits reach the accounts on the following working day). */
  processingDate: string;
  /** Day the file was made (HDR1 creation date). */
  createdOn: string;
  originator: { sortCode: string; accountNumber: string; name: string };
  /** The service user's reference every credit carries (shown on the employee's statement). */
  reference: string;
  credits: BacsCredit[];
}

export interface BacsCredit {
  sortCode: string;
  accountNumber: string;
  /** The account holder's name (destination account name). */
  name: string;
  amount: string;
}
