import { notFound } from '../../domain/errors.js';
import { findAddress } from '../../store/repositories/addresses.js';
import { type Address, addressInput } from '../contracts/address.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { inTransaction, requireOrg, requireScope, type ServiceContext } from '../context.js';
import { audit } from '../audit.js';
import { replaceAddress, toAddress } from '../records/addresses.js';

export interface AddressUseCases {
  /**
   * Endpoint 11: replaces the text and content of an address the organization holds (its own,
   * its correspondence address, a worksite's); the components are parsed again from the new text.
   * PUT never creates: an unknown id is a 404 (E16).
   */
  replaceOrganizationAddress(orgId: string, addressId: string, body: unknown): Promise<Address>;
}

export function addressUseCases(ctx: ServiceContext): AddressUseCases {
  return {
    async replaceOrganizationAddress(orgId, addressId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(addressInput, body);
      return inTransaction(ctx, async (trx) => {
        const org = await requireOrg(ctx, trx, orgId);
        // Scoped to the organization: another organization's address is answered like a missing one.
        const before = await findAddress(trx, orgId, addressId);
        const replaced = await replaceAddress(ctx, trx, orgId, org.country, addressId, input);
        if (replaced === 0) throw notFound('address', addressId, 'ADDRESS.NOT_FOUND');
        const row = await findAddress(trx, orgId, addressId);
        if (!row) throw notFound('address', addressId, 'ADDRESS.NOT_FOUND');
        await audit(ctx, trx, { orgId, resourceType: 'address', resourceId: addressId, action: 'replace', before: before ?? {}, after: row });
        return toAddress(row);
      });
    },
  };
}
