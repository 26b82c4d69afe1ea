/**
 * The price dialog with PAYMENTS=stripe, on a stack of its own pointed at the fake of Stripe's
 * API (tests/setup/fake-stripe.ts): the card is Stripe's form, loaded only once the dialog has
 * a difference to pay. js.stripe.com cannot be reached from the tests (and no stand-in of
 * Stripe.js is served), so the form says it could not be loaded; the Payment Element itself
 * is proven only with a Stripe test account (docs/payments.md).
 */
import { FAKE_CARDS, startFakeStripe, type FakeStripe } from '../../setup/fake-stripe.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { createTask, expect, placeBid, test as base } from '../tasks/support.ts';
import { dealPanel } from './support.ts';

const test = base.extend<object, { stripe: { stack: Stack; fake: FakeStripe } }>({
  stripe: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const fake = await startFakeStripe();
      const stack = await startStack({
        env: {
          PAYMENTS: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_fake',
          STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
          STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
          STRIPE_API_URL: fake.url,
        },
        startTimeoutMs: 150_000,
      });
      try {
        await use({ stack, fake });
      } finally {
        await stack.stop();
        await fake.close();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ stripe }, use) => {
    await use(stripe.stack.baseURL);
  },
});

test('raising the price with Stripe asks Stripe’s card form, loaded once there is a difference to pay', async ({
  page,
  baseURL,
  accounts,
  stripe: { fake },
}) => {
  test.setTimeout(120_000);
  await accounts.signInPage('poster');
  const worker = await accounts.apiUser('worker');
  const origin = baseURL!;
  // A $100 job paid with Stripe's test card, funded by its signed webhook event.
  const taskId = await createTask(page.request, origin, {});
  const bidId = await placeBid(worker.api, origin, taskId, 100);
  const accept = await page.request.post(`/api/bids/${bidId}/accept`, { headers: { origin } });
  const { dealId } = (await accept.json()) as { dealId: string };
  const pay = await page.request.post(`/api/deals/${dealId}/pay`, {
    data: { card: FAKE_CARDS.ok },
    headers: { origin },
  });
  const { payment } = (await pay.json()) as { payment: { chargeId: string } };
  const event = fake.event('payment_intent.succeeded', fake.objects.get(payment.chargeId)!);
  const hook = await page.request.post('/api/payments/stripe/webhook', {
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    data: event.body,
  });
  expect(hook.status(), await hook.text()).toBe(200);

  const chunks: string[] = [];
  page.on('request', (request) => chunks.push(request.url()));
  const stripeForm = () => chunks.filter((url) => url.includes('/stripe-card-form-'));
  await page.goto(`/browse-tasks/${taskId}`);
  await dealPanel(page).getByRole('button', { name: 'Raise the price' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Raise the price?' });
  await expect(dialog.getByLabel('New price')).toBeVisible();
  // No card fields of the sandbox, no word that cards are not taken, no Stripe yet.
  await expect(dialog.getByLabel('Card number')).toHaveCount(0);
  await expect(dialog.getByText('Card payments are not available')).toHaveCount(0);
  expect(stripeForm()).toEqual([]);

  await dialog.getByLabel('New price').fill('150');
  await expect(dialog.getByText('You pay $52.50 more')).toBeVisible();
  await expect(dialog.getByText(/The secure card form could not be loaded/)).toBeVisible();
  expect(stripeForm()).toHaveLength(1);
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(dialog).toBeHidden();
  await expect(dealPanel(page)).toContainText('Price$100.00');
});
