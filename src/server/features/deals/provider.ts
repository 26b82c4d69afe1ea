import type { Money } from '../../../shared/payments/money.ts';
import type { Db } from '../../platform/db/client.ts';

/*
 * What payment protection asks of a payment processor. The sandbox (sandbox.ts) keeps its
 * side in our own database; a Stripe adapter would implement the same interface.
 */

export type PayeeStatus = 'none' | 'active';
export type ChargeStatus = 'succeeded' | 'declined' | 'requires-authentication';

/** An event the provider sends about its side (a charge that went through, …). */
export interface ProviderEvent {
  id: string;
  type: 'charge.succeeded';
  dealId: string;
  chargeId: string;
  amount: Money;
}

/** A provider's event as it arrives over HTTP: the raw body and its signature header. */
export interface SignedEvent {
  body: string;
  signature: string;
}

export class ProviderError extends Error {
  readonly code: 'BAD_SIGNATURE' | 'BAD_EVENT' | 'NO_PAYEE';
  constructor(code: ProviderError['code'], message: string) {
    super(message);
    this.name = 'ProviderError';
    this.code = code;
  }
}

/**
 * Every call takes the caller's transaction (the sandbox writes its records in it) and an
 * idempotency key: the same key gets the same result back and moves nothing again.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Makes `userId` able to receive transfers (a connected account); the sandbox at once. */
  onboardPayee(tx: Db, userId: string): Promise<PayeeStatus>;
  payeeStatus(tx: Db, userId: string): Promise<PayeeStatus>;
  charge(
    tx: Db,
    input: { dealId: string; amount: Money; card: string; idempotencyKey: string },
  ): Promise<{ id: string; status: ChargeStatus; event: SignedEvent | null }>;
  /** Completes a charge that asked for authentication; its event then follows. */
  authenticate(tx: Db, chargeId: string): Promise<{ dealId: string; event: SignedEvent } | null>;
  refund(
    tx: Db,
    input: { dealId: string; chargeId: string; amount: Money; idempotencyKey: string },
  ): Promise<{ id: string }>;
  transfer(
    tx: Db,
    input: { dealId: string; payeeId: string; amount: Money; idempotencyKey: string },
  ): Promise<{ id: string }>;
  /** Checks the signature over the raw body and reads the event; throws a ProviderError. */
  parseEvent(event: SignedEvent): ProviderEvent;
}
