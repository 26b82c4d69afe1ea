import { createHmac } from 'node:crypto';
import { z } from 'zod';

/*
 * Payment protection's part of the configuration (features/deals): its variables, their
 * checks and the `payments` section of the config. Kept apart from config.ts, which spreads
 * these into its schema.
 */

export const paymentsEnv = {
  /** Unset: `sandbox` in development (so `npm start` shows payments), `off` elsewhere. */
  PAYMENTS: z.enum(['off', 'sandbox', 'stripe']).optional(),
  PAYMENTS_EVENT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be the webhook endpoint’s signing secret (whsec_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
};

type PaymentsEnv = { NODE_ENV: string } & z.output<z.ZodObject<typeof paymentsEnv>>;

export type PaymentsConfig =
  | { mode: 'off' }
  | {
      mode: 'sandbox';
      /** The HMAC key the sandbox's events are signed with (derived when unset). */
      eventSecret: string;
    }
  | {
      mode: 'stripe';
      stripe: {
        secretKey: string;
        webhookSecret: string;
        /** What the browser's Stripe.js is loaded with. */
        publishableKey: string | null;
        /** Where onboarding sends a payee back to. */
        baseUrl: string;
        /** Another address for Stripe's API (a local fake); never in production. */
        apiUrl: string | null;
      };
    };

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** The payments mode in force: PAYMENTS, or its default for the environment. */
export const paymentsModeOf = (env: PaymentsEnv): PaymentsConfig['mode'] =>
  env.PAYMENTS ?? (env.NODE_ENV === 'development' ? 'sandbox' : 'off');

/** The payments variables' rules across variables; `issue` adds one refusal. */
export function checkPaymentsEnv(env: PaymentsEnv, issue: (path: string, message: string) => void) {
  const production = env.NODE_ENV === 'production';
  const mode = paymentsModeOf(env);
  if (production && mode === 'sandbox')
    issue('PAYMENTS', 'cannot be sandbox in production (it takes test cards): use stripe or off');
  if (mode === 'stripe') {
    for (const name of STRIPE_KEYS)
      if (!env[name]) issue(name, 'is required when PAYMENTS is stripe');
    if (production && !env.STRIPE_PUBLISHABLE_KEY)
      issue('STRIPE_PUBLISHABLE_KEY', 'is required in production when PAYMENTS is stripe');
  }
  if (production && env.STRIPE_API_URL)
    issue('STRIPE_API_URL', 'is for a local stand-in of Stripe: never in production');
}

/** The `payments` section of the config, from checked variables. */
export function paymentsConfigOf(
  env: PaymentsEnv,
  authSecret: string,
  baseUrl: string,
): PaymentsConfig {
  const mode = paymentsModeOf(env);
  if (mode === 'sandbox')
    return {
      mode: 'sandbox',
      eventSecret:
        env.PAYMENTS_EVENT_SECRET ??
        createHmac('sha256', authSecret).update('payments-events').digest('base64url'),
    };
  if (mode === 'stripe')
    return {
      mode: 'stripe',
      stripe: {
        secretKey: env.STRIPE_SECRET_KEY!,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
        baseUrl,
        apiUrl: env.STRIPE_API_URL ?? null,
      },
    };
  return { mode: 'off' };
}
