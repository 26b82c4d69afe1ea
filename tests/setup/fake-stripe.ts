import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/*
 * A small stand-in for the Stripe endpoints payment protection calls (accounts, account links,
 * payment intents, refunds, transfers, reading a charge with its balance transaction), on 127.0.0.1, for the real SDK to talk to. It keeps
 * what it made, answers a repeated Idempotency-Key with the first answer (as Stripe does),
 * records every request, and can be told to fail the next calls to a path.
 */

/** Test payment methods, as Stripe's own test ids go. */
export const FAKE_CARDS = {
  ok: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
  insufficientFunds: 'pm_card_chargeDeclinedInsufficientFunds',
  authenticate: 'pm_card_authenticationRequired',
};

/** The fee the fake keeps of a charge: 2.9 % + 30¢, as Stripe's card pricing goes. */
export const fakeFee = (amount: number) => Math.round(amount * 0.029) + 30;

/** Stripe's fee on a dispute (US: $15.00), taken with the disputed money, given back if won. */
export const FAKE_DISPUTE_FEE = 1500;

/**
 * A dispute on `charge` as Stripe's events carry it: its balance transactions so far, the
 * money withdrawn with the dispute fee and, once `reinstated`, given back with the fee. Their
 * ids are the dispute's, so the same one in a later event is the same transaction.
 */
export function fakeDispute(
  dispute: { id: string; charge: unknown; amount: number; status: string },
  funds: readonly ('withdrawn' | 'reinstated')[],
) {
  return {
    ...dispute,
    object: 'dispute',
    currency: 'usd',
    balance_transactions: funds.map((step) => ({
      id: `txn_${dispute.id}_${step}`,
      object: 'balance_transaction',
      amount: step === 'withdrawn' ? -dispute.amount : dispute.amount,
      fee: step === 'withdrawn' ? FAKE_DISPUTE_FEE : -FAKE_DISPUTE_FEE,
      currency: 'usd',
    })),
  };
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  body: Record<string, unknown>;
}

/** How the next call to a path fails: `lostAnswer` makes the object, then answers 500. */
interface Failure {
  status: number;
  lostAnswer?: boolean;
}

/** `a[b][c]=1` form fields as nested objects, the way Stripe reads them. */
function nested(form: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form) {
    const path = key.replace(/\]/g, '').split('[');
    let at = out;
    for (const part of path.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
    at[path.at(-1)!] = value;
  }
  return out;
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export async function startFakeStripe(webhookSecret = 'whsec_fake_secret') {
  const requests: FakeRequest[] = [];
  const answered = new Map<string, { status: number; body: unknown }>();
  const failures = new Map<string, Failure[]>();
  const objects = new Map<string, Record<string, unknown>>();

  const store = (object: Record<string, unknown>) => {
    objects.set(object.id as string, object);
    return object;
  };
  /** Stripe's card error, with its message to the card holder on why. */
  const cardError = (intent: Record<string, unknown>, method: string) => {
    const poor = method === FAKE_CARDS.insufficientFunds;
    return {
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: poor ? 'insufficient_funds' : 'generic_decline',
        message: poor ? 'Your card has insufficient funds.' : 'Your card was declined.',
        payment_intent: intent,
      },
    };
  };

  /** What a POST makes: [status, body]. */
  function make(path: string, body: Record<string, unknown>): [number, unknown] {
    switch (path) {
      case '/v1/accounts':
        return [
          200,
          store({
            id: newId('acct'),
            object: 'account',
            type: body.type,
            charges_enabled: false,
            payouts_enabled: false,
            metadata: body.metadata ?? {},
          }),
        ];
      case '/v1/account_links':
        return [
          200,
          {
            object: 'account_link',
            url: `https://connect.example.test/setup/${body.account as string}/${newId('l')}`,
            expires_at: Math.floor(Date.now() / 1000) + 300,
          },
        ];
      case '/v1/payment_intents': {
        const method = body.payment_method as string;
        const status =
          method === FAKE_CARDS.ok
            ? 'succeeded'
            : method === FAKE_CARDS.authenticate
              ? 'requires_action'
              : 'requires_payment_method';
        const chargeId = status === 'succeeded' ? newId('ch') : null;
        const intent = store({
          id: newId('pi'),
          object: 'payment_intent',
          amount: Number(body.amount),
          amount_received: status === 'succeeded' ? Number(body.amount) : 0,
          currency: body.currency,
          status,
          client_secret: `secret_${randomBytes(6).toString('hex')}`,
          latest_charge: chargeId,
          transfer_group: body.transfer_group,
          metadata: body.metadata ?? {},
        });
        if (chargeId) {
          const balance = store({
            id: newId('txn'),
            object: 'balance_transaction',
            amount: Number(body.amount),
            fee: fakeFee(Number(body.amount)),
            currency: body.currency,
          });
          store({
            id: chargeId,
            object: 'charge',
            amount: Number(body.amount),
            amount_refunded: 0,
            currency: body.currency,
            payment_intent: intent.id,
            balance_transaction: balance.id,
            metadata: body.metadata ?? {},
          });
        }
        return status === 'requires_payment_method'
          ? [402, cardError(intent, method)]
          : [200, intent];
      }
      case '/v1/refunds':
        return [
          200,
          store({
            id: newId('re'),
            object: 'refund',
            amount: Number(body.amount),
            charge: body.charge,
            status: 'succeeded',
            metadata: body.metadata ?? {},
          }),
        ];
      case '/v1/transfers':
        return [
          200,
          store({
            id: newId('tr'),
            object: 'transfer',
            amount: Number(body.amount),
            currency: body.currency,
            destination: body.destination,
            source_transaction: body.source_transaction ?? null,
            transfer_group: body.transfer_group ?? null,
            metadata: body.metadata ?? {},
          }),
        ];
      default:
        return [404, { error: { type: 'invalid_request_error', message: `No such path ${path}` } }];
    }
  }

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
    const body = nested(new URLSearchParams(await read(request)));
    requests.push({ method: request.method ?? 'GET', path, idempotencyKey: key, body });
    const send = (status: number, payload: unknown, replayed = false) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': newId('req'),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      response.end(JSON.stringify(payload));
    };
    const failure = failures.get(path)?.shift();
    if (!failure && request.method === 'GET') {
      // Reading an object (`/v1/charges/ch_…`), with `expand[]=balance_transaction` embedded.
      const object = objects.get(path.split('/').at(-1)!);
      if (!object)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such object.' } });
      const expand = request.url?.includes('balance_transaction') && object.balance_transaction;
      return send(
        200,
        expand
          ? { ...object, balance_transaction: objects.get(object.balance_transaction as string) }
          : object,
      );
    }
    if (failure && !failure.lostAnswer)
      return send(failure.status, { error: { type: 'api_error', message: 'Try again later.' } });
    const first = key ? answered.get(key) : undefined;
    if (first) return send(first.status, first.body, true);
    const [status, payload] = make(path, body);
    if (key) answered.set(key, { status, body: payload });
    if (failure) return send(failure.status, { error: { type: 'api_error', message: 'Lost.' } });
    send(status, payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const sdk = new Stripe('sk_test_fake', { host: '127.0.0.1', port, protocol: 'http' });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    webhookSecret,
    requests,
    objects,
    /** The requests to one path (`/v1/transfers`). */
    to: (path: string) => requests.filter((r) => r.path === path),
    /** The objects of one kind it made (`'payment_intent'`). */
    made: (kind: string) => [...objects.values()].filter((o) => o.object === kind),
    /** The next `times` calls to `path` fail with `status` (after making the object, if `lostAnswer`). */
    fail(path: string, status: number, times = 1, lostAnswer = false) {
      failures.set(path, [
        ...(failures.get(path) ?? []),
        ...Array(times).fill({ status, lostAnswer }),
      ]);
    },
    /** A webhook event around `object`, signed as Stripe signs it (or with another secret). */
    event(type: string, object: Record<string, unknown>, secret = webhookSecret) {
      const body = JSON.stringify({
        id: newId('evt'),
        object: 'event',
        type,
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      return { body, signature: sdk.webhooks.generateTestHeaderString({ payload: body, secret }) };
    },
    reset() {
      requests.length = 0;
      failures.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
