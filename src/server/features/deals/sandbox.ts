import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CURRENCIES } from '../../../shared/payments/money.ts';
import type { Db } from '../../platform/db/client.ts';
import { sandboxOperations, sandboxPayees } from '../../platform/db/schema.ts';
import {
  ProviderError,
  type ChargeStatus,
  type PaymentProvider,
  type ProviderEvent,
  type SignedEvent,
} from './provider.ts';

/** The test cards the sandbox knows, as the card networks' test numbers go; others decline. */
export const SANDBOX_CARDS: Record<string, Exclude<ChargeStatus, 'processing'>> = {
  '4242424242424242': 'succeeded',
  '4000000000000002': 'declined',
  '4000002500003155': 'requires-authentication',
};

/**
 * What the sandbox keeps of a charge, as card processors do: 2.9 % of the amount (rounded
 * half-up to a cent) plus 30¢. A fixed rule, so every test's payment records a fee.
 */
export const SANDBOX_FEE = { basisPoints: 290, fixed: 30 } as const;

/** The sandbox's fee on a charge of `amount` cents. */
export const sandboxFee = (amount: number) =>
  Math.floor((amount * SANDBOX_FEE.basisPoints + 5000) / 10_000) + SANDBOX_FEE.fixed;

/** The header the sandbox signs its events in: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

const eventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.literal('charge.succeeded'),
  dealId: z.uuid(),
  chargeId: z.string().min(1).max(100),
  amount: z.object({ amount: z.number().int().positive(), currency: z.enum(CURRENCIES) }),
  price: z.number().int().positive().optional(),
  fee: z
    .object({ amount: z.number().int().nonnegative(), currency: z.enum(CURRENCIES) })
    .optional(),
});

/** HMAC-SHA256 of `<t>.<body>` with the secret, as hex. */
function sign(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** Signs an event body as the sandbox (and a test posing as it) sends it. */
export function signSandboxEvent(secret: string, body: string, now = new Date()): SignedEvent {
  const t = String(Math.floor(now.getTime() / 1000));
  return { body, signature: `t=${t},v1=${sign(secret, t, body)}` };
}

/**
 * A payment provider that lives in our database: test card numbers decide a charge, payees
 * are active once onboarded, and its events are signed with `secret` like a real webhook's.
 */
export function createSandboxProvider(secret: string): PaymentProvider {
  const eventOf = (op: {
    id: string;
    dealId: string;
    amount: number;
    currency: 'USD';
    price: number | null;
  }) =>
    signSandboxEvent(
      secret,
      JSON.stringify({
        id: `evt_${op.id}`,
        type: 'charge.succeeded',
        dealId: op.dealId,
        chargeId: op.id,
        amount: { amount: op.amount, currency: op.currency },
        fee: { amount: sandboxFee(op.amount), currency: op.currency },
        ...(op.price === null ? {} : { price: op.price }),
      } satisfies ProviderEvent),
    );

  /** The operation under `key`, made once: a repeated key returns the first. */
  async function operation(
    tx: Db,
    values: Omit<typeof sandboxOperations.$inferInsert, 'id'>,
    prefix: string,
  ) {
    await tx
      .insert(sandboxOperations)
      .values({ ...values, id: `${prefix}_${randomUUID()}` })
      .onConflictDoNothing({ target: sandboxOperations.idempotencyKey });
    const [op] = await tx
      .select()
      .from(sandboxOperations)
      .where(eq(sandboxOperations.idempotencyKey, values.idempotencyKey));
    return op!;
  }

  const payeeStatus = async (tx: Db, userId: string) => {
    const [payee] = await tx
      .select({ status: sandboxPayees.status })
      .from(sandboxPayees)
      .where(eq(sandboxPayees.userId, userId));
    return payee?.status ?? 'none';
  };

  return {
    name: 'sandbox',
    direct: true,
    webhook: { path: '/api/payments/events', signatureHeader: SANDBOX_SIGNATURE_HEADER },
    async onboardPayee(tx, userId) {
      await tx.insert(sandboxPayees).values({ userId, status: 'active' }).onConflictDoNothing();
      return { status: 'active' };
    },
    payeeStatus,
    // The sandbox's payees are active from the start: it sends no payee events.
    async updatePayee() {},
    async charge(tx, { dealId, amount, card, idempotencyKey, price }) {
      const digits = card.replace(/[\s-]/g, '');
      const op = await operation(
        tx,
        {
          kind: 'charge',
          idempotencyKey,
          dealId,
          amount: amount.amount,
          currency: amount.currency,
          status: SANDBOX_CARDS[digits] ?? 'declined',
          cardLast4: digits.slice(-4),
          price: price ?? null,
        },
        'ch',
      );
      return {
        id: op.id,
        status: op.status,
        event: op.status === 'succeeded' ? eventOf(op) : null,
      };
    },
    async authenticate(tx, chargeId) {
      const [op] = await tx
        .update(sandboxOperations)
        .set({ status: 'succeeded', updatedAt: new Date() })
        .where(
          and(
            eq(sandboxOperations.id, chargeId),
            eq(sandboxOperations.kind, 'charge'),
            eq(sandboxOperations.status, 'requires-authentication'),
          ),
        )
        .returning();
      return op ? { dealId: op.dealId, event: eventOf(op) } : null;
    },
    async refund(tx, { dealId, amount, idempotencyKey }) {
      const op = await operation(
        tx,
        {
          kind: 'refund',
          idempotencyKey,
          dealId,
          amount: amount.amount,
          currency: amount.currency,
          status: 'succeeded',
        },
        're',
      );
      return { id: op.id };
    },
    async transfer(tx, { dealId, payeeId, amount, idempotencyKey }) {
      if ((await payeeStatus(tx, payeeId)) !== 'active')
        throw new ProviderError('NO_PAYEE', `User ${payeeId} cannot receive transfers yet.`);
      const op = await operation(
        tx,
        {
          kind: 'transfer',
          idempotencyKey,
          dealId,
          amount: amount.amount,
          currency: amount.currency,
          status: 'succeeded',
        },
        'tr',
      );
      return { id: op.id };
    },
    parseEvent({ body, signature }) {
      const parts = Object.fromEntries(
        signature.split(',').map((part) => part.split('=', 2) as [string, string]),
      );
      const given = Buffer.from(parts.v1 ?? '', 'hex');
      const expected = Buffer.from(sign(secret, parts.t ?? '', body), 'hex');
      if (!parts.t || given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new ProviderError('BAD_SIGNATURE', 'The event’s signature does not match.');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw new ProviderError('BAD_EVENT', 'The event is not JSON.');
      }
      const parsed = eventSchema.safeParse(json);
      if (!parsed.success) throw new ProviderError('BAD_EVENT', 'The event is not one we know.');
      return parsed.data;
    },
  };
}
