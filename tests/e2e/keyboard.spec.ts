/**
 * The main journey with the keyboard alone (`page.keyboard` only, never the mouse): sign up,
 * post a task, sign out; then a second person signs up, browses, searches, opens the task and
 * places a bid; an owner opens a conversation from a bid and sends a message (Shift+Enter for
 * a new line, Enter to send). After every key that moves focus, the focused element must show a focus
 * indicator (an outline or a ring, on it or on the field wrapper around it) and must not be
 * off screen or covered (WCAG 2.4.7 and 2.4.11).
 */
import type { Locator, Page } from '@playwright/test';
import { createTask, expect, placeBid, test, uniqueToken } from './tasks/support.ts';
import { waitForMail } from './support/mailbox.ts';
import { accountButton, uniqueUser, type TestUser } from './support/test.ts';

/** Why the focused element has no visible focus, or null when it has. */
function focusProblem(): string | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return 'nothing is focused';
  const describe = `<${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
  const transparent = (color: string) => color === 'transparent' || /\/ 0\)$|, 0\)$/.test(color);
  const indicated = (node: Element) => {
    const style = getComputedStyle(node);
    const outline =
      style.outlineStyle !== 'none' &&
      parseFloat(style.outlineWidth) >= 1 &&
      !transparent(style.outlineColor);
    // A ring drawn with box-shadow counts: outward, spread ≥ 1px, not transparent (daisyUI's
    // inset field shadow and the buttons' soft drop shadow are there without focus too).
    const ring = style.boxShadow.split(/,(?![^(]*\))/).some((shadow) => {
      const [, , , spread = 0] = (shadow.match(/-?[\d.]+px/g) ?? []).map(parseFloat);
      const color = shadow.match(/(rgba?|oklch|oklab|color)\([^)]*\)/)?.[0] ?? '';
      return !shadow.includes('inset') && spread >= 1 && !transparent(color);
    });
    return outline || ring;
  };
  // daisyUI draws the ring of `<label class="input"><input …></label>` on the wrapper.
  if (!indicated(el) && !(el.parentElement && indicated(el.parentElement))) {
    return `${describe} shows no focus`;
  }
  const box = el.getBoundingClientRect();
  if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth) {
    return `${describe} is off screen`;
  }
  // The middle of the part on screen (a tall field may be partly below the fold).
  const x = (Math.max(box.left, 0) + Math.min(box.right, innerWidth)) / 2;
  const y = (Math.max(box.top, 0) + Math.min(box.bottom, innerHeight)) / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(el.contains(hit) || hit.contains(el)))
    return `${describe} is covered by ${hit ? `<${hit.tagName.toLowerCase()}>` : 'nothing'} at ${JSON.stringify(box)}`;
  return null;
}

async function expectFocusVisible(page: Page, after: string) {
  // Checked once the screen settles: a returned focus is scrolled into view in the next task.
  await expect
    .poll(() => page.evaluate(focusProblem), { message: `focus after ${after}` })
    .toBeNull();
}

/**
 * Presses a key and checks the focus is visible. Not for a key that changes the screen: a new
 * screen starts with focus on the page itself, and the next Tab is checked.
 */
async function press(page: Page, key: string) {
  await page.keyboard.press(key);
  await expectFocusVisible(page, key);
}

/** Tabs (or Shift+Tabs) until `target` has focus, checking focus after every step. */
async function tabTo(page: Page, target: Locator, { back = false, max = 100 } = {}) {
  await expect(target).toBeVisible();
  for (let step = 0; step < max; step += 1) {
    await press(page, back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(
    `${String(target)} was not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`,
  );
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** From the home page: Sign Up in the header, the form, Enter, the mailed link; ends signed in. */
async function signUpWithKeyboard(page: Page, user: TestUser, { back = false } = {}) {
  await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Sign Up' }), { back });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  const form = page.getByRole('main');
  await typeInto(page, form.getByRole('textbox', { name: 'Name' }), user.name);
  await typeInto(page, form.getByRole('textbox', { name: 'Email' }), user.email);
  await typeInto(page, form.getByLabel('Password', { exact: true }), user.password);
  await page.keyboard.press('Enter');
  // A sign-up starts no session: the link in the verification mail signs in.
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  const mail = await waitForMail(user.email, 'Verify your e-mail');
  await page.goto(mail.links[0]!);
  await expect(accountButton(page)).toBeVisible();
}

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test('sign up, post a task, then as someone else find it and bid, with the keyboard only', async ({
  page,
  accounts,
}) => {
  test.setTimeout(120_000);
  const title = `Keyboard ${uniqueToken('kbd')}`;
  const token = title.split(' ')[1]!;
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // 1. The owner signs up and posts a task through the header's Add Task link.
  await signUpWithKeyboard(page, accounts.track(uniqueUser('kbd-owner')));
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add Task' }),
    { back: true },
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a New Task' })).toBeVisible();
  const form = page.getByRole('main');
  await typeInto(page, form.getByLabel('Task Title'), title);
  await tabTo(page, form.getByLabel('Priority Level'));
  await page.keyboard.type('High');
  await tabTo(page, form.getByLabel('Category'));
  await page.keyboard.type('Design');
  await typeInto(page, form.getByLabel('Deadline'), '06302030');
  await typeInto(page, form.getByLabel('Estimated Time (hours)'), '6');
  await typeInto(page, form.getByLabel('Task Description'), 'A logo for a bakery, in two colours.');
  await typeInto(page, form.getByLabel('Budget'), '300');
  await typeInto(page, form.getByLabel('Location'), 'Remote');
  await expect(form.getByLabel('Priority Level')).toHaveValue('High');
  await expect(form.getByLabel('Category')).toHaveValue('Design');
  await expect(form.getByLabel('Deadline')).toHaveValue('2030-06-30');
  await tabTo(page, form.getByRole('button', { name: 'Create Task' }));
  await press(page, 'Enter');
  const created = page.getByRole('dialog', { name: 'Task Created!' });
  await expect(created).toBeVisible();
  await expectFocusVisible(page, 'the dialog opened');
  await page.keyboard.press('Enter'); // OK
  await expect(created).toBeHidden();
  await expectFocusVisible(page, 'the dialog closed'); // back on Create Task

  // 2. Sign out through the account menu.
  await tabTo(page, accountButton(page), { back: true });
  await press(page, 'Enter');
  await tabTo(page, page.getByRole('button', { name: 'Sign Out' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up' })).toBeVisible();

  // 3. A second person signs up, browses, searches and bids. Signing out went to another
  // page, whose h1 has the focus: the header is behind it.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await signUpWithKeyboard(page, accounts.track(uniqueUser('kbd-bidder')), { back: true });
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse Tasks' }),
    { back: true },
  );
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Discover Tasks That Match Your Skills' }),
  ).toBeVisible();
  await typeInto(
    page,
    page.getByRole('main').getByRole('searchbox', { name: 'Search tasks' }),
    token,
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`search=${token}`));
  const details = page.getByRole('link', { name: new RegExp(`^View Details\\W+${title}$`) });
  await tabTo(page, details);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const bid = page.getByRole('form', { name: 'Place Your Bid' });
  await typeInto(page, bid.getByLabel('Your Bid Amount ($)'), '275');
  await typeInto(page, bid.getByLabel('Completion Deadline'), '05152030');
  await typeInto(page, bid.getByLabel('Message'), 'I design logos for food shops.');
  await tabTo(page, bid.getByRole('button', { name: 'Submit Bid' }));
  await press(page, 'Space');
  const placed = page.getByRole('dialog', { name: 'Success!' });
  await expect(placed).toBeVisible();
  await expect(placed).toContainText('Bid submitted successfully!');
  await expectFocusVisible(page, 'the dialog opened');
  await page.keyboard.press('Enter'); // OK
  await expect(placed).toBeHidden();
  await expectFocusVisible(page, 'the dialog closed'); // back on Submit Bid
  await expect(page.getByRole('region', { name: 'Bid History (1)' })).toContainText('$275.00');
});

test('the owner opens a conversation from a bid and sends a message, with the keyboard only', async ({
  page,
  baseURL,
  accounts,
}) => {
  await accounts.signInPage('kbd-writer');
  const taskId = await createTask(page.request, baseURL!, { title: `Talk ${uniqueToken('kbd')}` });
  const bidder = await accounts.apiUser('kbd-reader');
  await placeBid(bidder.api, baseURL!, taskId, 90, 'Ready when you are.');
  await page.goto(`/view-bids/${taskId}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Bids for:/ })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: `Message ${bidder.user.name}` }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: bidder.user.name })).toBeVisible();
  await typeInto(page, page.getByRole('textbox', { name: 'Message' }), 'When can you start?');
  await press(page, 'Shift+Enter');
  await page.keyboard.type('No rush.');
  await press(page, 'Enter');
  const log = page.getByRole('log');
  await expect(log.getByRole('listitem')).toHaveCount(1);
  await expect(log).toContainText('When can you start? No rush.');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expectFocusVisible(page, 'the message was sent'); // still in the box
  await tabTo(page, page.getByRole('button', { name: 'Send', exact: true }));
});
