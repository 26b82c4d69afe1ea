/**
 * Contact details in a message before the task is assigned: the message is sent, and the
 * composer says to keep payments on TaskBid (docs/moderation.md, Prevention).
 */
import { createTask, expect, placeBid, test } from '../tasks/support.ts';

test('a message with an e-mail address before assignment is sent, with a caution beside the composer', async ({
  page,
  baseURL,
  accounts,
}) => {
  await accounts.signInPage('owner');
  const taskId = await createTask(page.request, baseURL!, {});
  const bidder = await accounts.apiUser('bidder');
  await placeBid(bidder.api, baseURL!, taskId, 120, 'I can do this.');
  await page.goto(`/view-bids/${taskId}`);
  await page.getByRole('button', { name: `Message ${bidder.user.name}` }).click();
  const reply = page.getByRole('form', { name: 'Reply' });
  const box = reply.getByRole('textbox', { name: 'Message' });
  await box.fill('Write to me at owner.direct@example.com');
  await reply.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('log')).toContainText('owner.direct@example.com');
  const caution = reply.getByRole('status').filter({ hasText: 'Keep payments on TaskBid' });
  await expect(caution).toBeVisible();
  await expect(box).toHaveValue('');

  // A plain message says nothing more.
  await box.fill('Can you start on Monday?');
  await reply.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('log').getByRole('listitem')).toHaveCount(2);
  await expect(caution).toHaveCount(0);
});
