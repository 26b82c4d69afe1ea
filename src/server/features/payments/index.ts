import type { Feature } from '../../platform/feature.ts';
import { paymentsPersonalData } from './personal-data.ts';

export {
  accountFor,
  balanceOf,
  LedgerError,
  postTransaction,
  reconcile,
  type LedgerAccount,
  type LedgerErrorCode,
  type LedgerTransaction,
  type PostingInput,
  type TransactionInput,
} from './ledger.ts';

/**
 * Payment protection's money core: the double-entry ledger (docs/payments.md). No routes
 * yet; deals and payment providers will post through `postTransaction`.
 */
export const paymentsFeature: Feature = {
  name: 'payments',
  personalData: paymentsPersonalData,
};
