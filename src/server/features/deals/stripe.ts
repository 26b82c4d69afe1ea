import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { CURRENCIES, type Currency, type Money } from '../../../shared/payments/money.ts';
import type { Db } from '../../platform/db/client.ts';
import { stripeAccounts } from '../../platform/db/schema.ts';
import { badRequest } from '../../platform/http/errors.ts';
import {
  ProviderError,
  type ChargeStatus,
  type PaymentProvider,
  type ProviderEvent,
} from './provider.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where onboarding sends a payee back to (the site's address). */
  baseUrl: string;
  /** Another address for Stripe's API (a local fake in tests); Stripe's own when null. */
  apiUrl: string | null;
  /** Retries of a call that got no answer or a 5xx, each with the same idempotency key. */
  maxNetworkRetries?: number;
}

/** A payment method id made by Stripe.js in the browser: card numbers never reach us. */
const PAYMENT_METHOD = /^pm_[A-Za-z0-9_]{1,200}$/;

/** The SDK client for the settings: Stripe itself, or the address the tests give. */
export function stripeClient(settings: StripeSettings): Stripe {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: settings.maxNetworkRetries ?? 2,
    timeout: 20_000,
    ...(url
      ? {
          host: url.hostname,
          port: Number(url.port),
          protocol: url.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
}

const STATUS: Partial<Record<Stripe.PaymentIntent.Status, ChargeStatus>> = {
  succeeded: 'succeeded',
  processing: 'processing',
  requires_action: 'requires-authentication',
  requires_confirmation: 'requires-authentication',
};

/** Stripe's dispute events, as the provider's. */
const DISPUTE_EVENTS = {
  'charge.dispute.created': 'dispute.opened',
  'charge.dispute.closed': 'dispute.closed',
  'charge.dispute.funds_withdrawn': 'dispute.funds',
  'charge.dispute.funds_reinstated': 'dispute.funds',
} as const;

const idOf = (ref: string | { id: string } | null | undefined) =>
  typeof ref === 'string' ? ref : (ref?.id ?? null);

function money(amount: number, currency: string): Money {
  const upper = currency.toUpperCase();
  if (!(CURRENCIES as readonly string[]).includes(upper))
    throw new ProviderError('BAD_EVENT', `The currency ${currency} is not one we take.`);
  return { amount, currency: upper as Currency };
}

/** A connected account's status as payment protection reads it. */
export const accountStatus = (account: Stripe.Account): 'pending' | 'active' =>
  account.payouts_enabled &&
  (account.charges_enabled || account.capabilities?.transfers === 'active')
    ? 'active'
    : 'pending';

/** Stripe's event as the provider's: the ones payment protection listens to, or `ignored`. */
export function eventOf(event: Stripe.Event): ProviderEvent {
  const { id } = event;
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      const chargeId = idOf(intent.latest_charge);
      // A payment made on the account for something else than a deal: not ours to apply.
      if (!intent.metadata.dealId || !chargeId) return { id, type: 'ignored' };
      return {
        id,
        type: 'charge.succeeded',
        dealId: intent.metadata.dealId,
        chargeId,
        amount: money(intent.amount_received, intent.currency),
        ...(intent.metadata.price ? { price: Number(intent.metadata.price) } : {}),
      };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return {
        id,
        type: 'charge.failed',
        dealId: intent.metadata.dealId ?? null,
        chargeId: intent.id,
        reason: intent.last_payment_error?.code ?? 'failed',
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        id,
        type: 'charge.refunded',
        dealId: charge.metadata.dealId ?? null,
        chargeId: charge.id,
        amount: money(charge.amount_refunded, charge.currency),
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated': {
      const dispute = event.data.object;
      return {
        id,
        type: DISPUTE_EVENTS[event.type],
        chargeId: idOf(dispute.charge)!,
        disputeId: dispute.id,
        status: dispute.status,
        amount: money(dispute.amount, dispute.currency),
        // The dispute's fee is on its balance transactions (a fee taken, a fee given back).
        fees: (dispute.balance_transactions ?? []).map((bt) => ({
          id: bt.id,
          fee: money(bt.fee, bt.currency),
        })),
      };
    }
    case 'account.updated': {
      const account = event.data.object;
      return { id, type: 'payee.updated', accountId: account.id, status: accountStatus(account) };
    }
    case 'transfer.reversed': {
      const transfer = event.data.object;
      return {
        id,
        type: 'transfer.reversed',
        dealId: transfer.metadata.dealId ?? transfer.transfer_group ?? null,
        transferId: transfer.id,
        amount: money(transfer.amount_reversed, transfer.currency),
      };
    }
    default:
      return { id, type: 'ignored' };
  }
}

/** A call Stripe refused for good (a bad request, a wrong key): retrying it cannot help. */
function refusedForGood(err: unknown): never {
  if (
    err instanceof Stripe.errors.StripeInvalidRequestError ||
    err instanceof Stripe.errors.StripePermissionError ||
    err instanceof Stripe.errors.StripeAuthenticationError
  )
    throw new ProviderError('REFUSED', err.message);
  throw err;
}

/**
 * Payment protection on Stripe Connect: Express accounts for workers, separate charges and
 * transfers (the poster's PaymentIntent on the platform, `transfer_group` = the deal; the
 * worker's Transfer from that charge), refunds, and Stripe's signed webhook events. Every
 * call sends the caller's idempotency key; the SDK's retries send the same one.
 */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = stripeClient(settings);
  const accountOf = async (tx: Db, userId: string) =>
    (await tx.select().from(stripeAccounts).where(eq(stripeAccounts.userId, userId)))[0];

  return {
    name: 'stripe',
    direct: false,
    webhook: { path: '/api/payments/stripe/webhook', signatureHeader: 'stripe-signature' },

    async onboardPayee(tx, userId) {
      let account = await accountOf(tx, userId);
      if (!account) {
        const made = await stripe.accounts
          .create(
            {
              type: 'express',
              capabilities: { transfers: { requested: true } },
              metadata: { userId },
            },
            { idempotencyKey: `payee:${userId}:account` },
          )
          .catch(refusedForGood);
        await tx
          .insert(stripeAccounts)
          .values({ userId, accountId: made.id, status: accountStatus(made) })
          .onConflictDoNothing();
        account = (await accountOf(tx, userId))!;
      }
      if (account.status === 'active') return { status: 'active' };
      // A link works once and expires: each visit to onboarding gets a new one.
      const link = await stripe.accountLinks
        .create(
          {
            account: account.accountId,
            type: 'account_onboarding',
            refresh_url: `${settings.baseUrl}/settings?payouts=expired`,
            return_url: `${settings.baseUrl}/settings?payouts=returned`,
          },
          { idempotencyKey: `payee:${userId}:link:${randomUUID()}` },
        )
        .catch(refusedForGood);
      return { status: account.status, onboardingUrl: link.url };
    },

    async payeeStatus(tx, userId) {
      return (await accountOf(tx, userId))?.status ?? 'none';
    },

    async updatePayee(tx, accountId, status) {
      if (status === 'none') return;
      await tx
        .update(stripeAccounts)
        .set({ status, updatedAt: sql`now()` })
        .where(eq(stripeAccounts.accountId, accountId));
    },

    async charge(_tx, { dealId, amount, card, idempotencyKey, price, priceChange }) {
      if (!PAYMENT_METHOD.test(card))
        throw badRequest('Pay with a card entered in Stripe’s form (a payment method id).');
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amount.amount,
            currency: amount.currency.toLowerCase(),
            payment_method: card,
            // Cards only, in the page: no payment method that leaves for another site.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            confirm: true,
            transfer_group: dealId,
            metadata: {
              dealId,
              ...(price === undefined ? {} : { price: String(price) }),
              ...(priceChange === undefined ? {} : { priceChange }),
            },
          },
          { idempotencyKey },
        );
        return {
          id: intent.id,
          status: STATUS[intent.status] ?? 'declined',
          event: null,
          ...(intent.status === 'requires_action' && intent.client_secret
            ? { clientSecret: intent.client_secret }
            : {}),
        };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError)
          return {
            id: err.payment_intent?.id ?? idempotencyKey,
            status: 'declined',
            event: null,
            declineMessage: err.message,
          };
        return refusedForGood(err);
      }
    },

    // Stripe.js finishes an authentication in the browser; the webhook then funds the deal.
    async authenticate() {
      return null;
    },

    async refund(_tx, { dealId, chargeId, amount, idempotencyKey }) {
      const refund = await stripe.refunds
        .create(
          { charge: chargeId, amount: amount.amount, metadata: { dealId } },
          { idempotencyKey },
        )
        .catch(refusedForGood);
      return { id: refund.id };
    },

    async transfer(tx, { dealId, payeeId, chargeId, amount, idempotencyKey }) {
      const account = await accountOf(tx, payeeId);
      if (account?.status !== 'active')
        throw new ProviderError('NO_PAYEE', `User ${payeeId} cannot receive transfers yet.`);
      const transfer = await stripe.transfers
        .create(
          {
            amount: amount.amount,
            currency: amount.currency.toLowerCase(),
            destination: account.accountId,
            transfer_group: dealId,
            ...(chargeId ? { source_transaction: chargeId } : {}),
            metadata: { dealId },
          },
          { idempotencyKey },
        )
        .catch(refusedForGood);
      return { id: transfer.id };
    },

    // Stripe's fee is on the charge's balance transaction, which its event does not carry.
    async withFee(event) {
      const charge = await stripe.charges
        .retrieve(event.chargeId, { expand: ['balance_transaction'] })
        .catch(refusedForGood);
      const balance = charge.balance_transaction;
      if (!balance || typeof balance === 'string') return event;
      return { ...event, fee: money(balance.fee, balance.currency) };
    },

    parseEvent({ body, signature }) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(body, signature, settings.webhookSecret);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new ProviderError('BAD_SIGNATURE', 'The event’s signature does not match.');
        throw new ProviderError('BAD_EVENT', 'The event is not one we can read.');
      }
      return eventOf(event);
    },
  };
}
