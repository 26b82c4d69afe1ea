import type { Money } from '../../../shared/payments/money.ts';
import type { Db } from '../../platform/db/client.ts';

/*
 * What payment protection asks of a payment processor. The sandbox (sandbox.ts) keeps its
 * side in our own database; the Stripe adapter (stripe.ts) calls Stripe Connect.
 */

export type PayeeStatus = 'none' | 'pending' | 'active';
export type ChargeStatus = 'succeeded' | 'declined' | 'requires-authentication' | 'processing';

/** A charge that went through: it funds the deal. */
export interface ChargeSucceeded {
  id: string;
  type: 'charge.succeeded';
  dealId: string;
  chargeId: string;
  amount: Money;
  /** A charge for a raised price: the deal's new price, whose difference it pays. */
  price?: number;
  /**
   * What the processor kept of the charge (its fee), once known: the sandbox puts it in its
   * event; for Stripe the webhook reads it from the charge's balance transaction
   * (`withFee`) before the event's transaction.
   */
  fee?: Money;
}

/**
 * An event the provider sends about its side. `charge.succeeded` funds its deal (or is
 * refunded when it came too late), `payee.updated` moves a payee's status, and a refund made
 * on the processor's side, a chargeback and a reversed transfer are acted on
 * (provider-events.ts); a failed charge is recorded only. Amounts of `charge.refunded` and
 * `transfer.reversed` are the totals so far (refunded of the charge, reversed of the
 * transfer), as the processor reports them.
 */
export type ProviderEvent =
  | ChargeSucceeded
  | { id: string; type: 'charge.failed'; dealId: string | null; chargeId: string; reason: string }
  | { id: string; type: 'charge.refunded'; dealId: string | null; chargeId: string; amount: Money }
  | {
      id: string;
      /** `dispute.funds`: the processor took or gave back the disputed money (its fee only). */
      type: 'dispute.opened' | 'dispute.closed' | 'dispute.funds';
      chargeId: string;
      disputeId: string;
      status: string;
      amount: Money;
      /**
       * The dispute's balance transactions so far (the money taken, then given back), each with
       * the processor's fee on it: positive when it charged a dispute fee, negative when it gave
       * one back (a dispute won).
       */
      fees?: { id: string; fee: Money }[];
    }
  | { id: string; type: 'payee.updated'; accountId: string; status: PayeeStatus }
  | {
      id: string;
      type: 'transfer.reversed';
      dealId: string | null;
      transferId: string;
      amount: Money;
    }
  /** A well-signed event of a type we do not act on: answered, not recorded. */
  | { id: string; type: 'ignored' };

/** A provider's event as it arrives over HTTP: the raw body and its signature header. */
export interface SignedEvent {
  body: string;
  signature: string;
}

export class ProviderError extends Error {
  /** `REFUSED`: the provider turned the call down for good (retrying cannot help). */
  readonly code: 'BAD_SIGNATURE' | 'BAD_EVENT' | 'NO_PAYEE' | 'REFUSED';
  constructor(code: ProviderError['code'], message: string) {
    super(message);
    this.name = 'ProviderError';
    this.code = code;
  }
}

/**
 * What a charge came to; `clientSecret` lets the browser finish an authentication, and
 * `declineMessage` is the processor's word to the card holder on why a card was declined.
 */
export interface ChargeResult {
  id: string;
  status: ChargeStatus;
  event: SignedEvent | null;
  clientSecret?: string;
  declineMessage?: string;
}

/**
 * Every call takes a database handle and an idempotency key: the same key gets the same
 * result back and moves nothing again. A `direct` provider keeps its side in our database
 * and is called inside the caller's transaction (the sandbox); any other is a network
 * service, called outside every transaction: its refunds and transfers go through the
 * payment outbox (outbox.ts) and a charge is made between two transactions (payDeal).
 */
export interface PaymentProvider {
  readonly name: string;
  readonly direct: boolean;
  /** Where its webhook is served and the header its signature comes in. */
  readonly webhook: { path: string; signatureHeader: string };
  /** Makes `userId` able to receive transfers; a URL to finish it at, when there is one. */
  onboardPayee(tx: Db, userId: string): Promise<{ status: PayeeStatus; onboardingUrl?: string }>;
  payeeStatus(tx: Db, userId: string): Promise<PayeeStatus>;
  /** Records a payee's status its event reported. */
  updatePayee(tx: Db, accountId: string, status: PayeeStatus): Promise<void>;
  charge(
    tx: Db,
    input: {
      dealId: string;
      amount: Money;
      card: string;
      idempotencyKey: string;
      /** The deal's new price, when the charge pays the difference of a raised price. */
      price?: number;
      /** That price change's ledger key (`deal:<id>:price:<version>`), named in the metadata. */
      priceChange?: string;
    },
  ): Promise<ChargeResult>;
  /** Completes a charge that asked for authentication; its event then follows. */
  authenticate(tx: Db, chargeId: string): Promise<{ dealId: string; event: SignedEvent } | null>;
  refund(
    tx: Db,
    input: { dealId: string; chargeId: string; amount: Money; idempotencyKey: string },
  ): Promise<{ id: string }>;
  /** Pays the worker from the deal's charge (`chargeId`, the money's source). */
  transfer(
    tx: Db,
    input: {
      dealId: string;
      payeeId: string;
      chargeId: string | null;
      amount: Money;
      idempotencyKey: string;
    },
  ): Promise<{ id: string }>;
  /** Checks the signature over the raw body and reads the event; throws a ProviderError. */
  parseEvent(event: SignedEvent): ProviderEvent;
  /**
   * A network provider's `charge.succeeded` with its processing fee read from the processor
   * (a network call: made before the event's transaction, never inside one).
   */
  withFee?(event: ChargeSucceeded): Promise<ChargeSucceeded>;
}
