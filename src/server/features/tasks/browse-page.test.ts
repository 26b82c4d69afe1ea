import { beforeAll, describe, expect, it } from 'vitest';
import { clientShellDir, noscriptOf, pageHead } from '../../../../tests/setup/client-shell.ts';
import { TEST_BASE_URL, useTestApp } from '../../../../tests/setup/test-app.ts';
import { buildTask, insertTask } from '../../../../tests/factories/tasks.ts';
import { apiCall, signUp, type TestUser } from '../../../../tests/factories/users.ts';

const HOSTILE_TITLE = '</title><script>alert("task")</script> & <b>bold</b>';

describe('the browse page without JavaScript', () => {
  // The list cache on, as in production: the page's first tasks are kept beside the API's lists.
  const t = useTestApp({ STATIC_DIR: clientShellDir(), LIST_CACHE_MB: '4' }, { listen: true });
  let owner: TestUser;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    owner = await signUp(t.app);
    const db = t.app.database.db;
    ids.logo = await insertTask(db, owner.id, {
      title: 'Logo for a bakery',
      category: 'Design',
      budget: 1200,
    });
    ids.essay = await insertTask(db, owner.id, {
      title: 'Proofread an essay',
      category: 'Writing',
      budget: null,
    });
    ids.hostile = await insertTask(db, owner.id, { title: HOSTILE_TITLE, category: 'Design' });
    ids.done = await insertTask(db, owner.id, {
      title: 'Finished logo job',
      category: 'Design',
      status: 'Completed',
    });
  });
  const html = async (path: string) => {
    const res = await fetch(`${t.url}${path}`);
    expect(res.status, path).toBe(200);
    return { res, body: await res.text() };
  };

  it('names the page and lists the first open tasks: titles linking to their pages, budget, category', async () => {
    const { body } = await html('/browse-tasks');
    const head = pageHead(body);
    expect(head.title).toBe('Browse Tasks · TaskBid');
    expect(head.description).toMatch(/^Tasks on TaskBid: /);
    expect(head.canonical).toBe(`${TEST_BASE_URL}/browse-tasks`);
    expect(head.og).toMatchObject({
      title: 'Browse Tasks · TaskBid',
      url: `${TEST_BASE_URL}/browse-tasks`,
      type: 'website',
    });
    const gist = noscriptOf(body);
    expect(gist).toContain('<h1>Discover Tasks That Match Your Skills</h1>');
    expect(gist).toContain(
      `<li><a href="/browse-tasks/${ids.logo}">Logo for a bakery</a> · $1,200.00 · Design</li>`,
    );
    expect(gist).toContain(
      `<li><a href="/browse-tasks/${ids.essay}">Proofread an essay</a> · Open budget · Writing</li>`,
    );
    // What can no longer be bid on is left out unless the query asks for it.
    expect(gist).not.toContain('Finished logo job');
    expect(noscriptOf((await html('/browse-tasks?status=completed')).body)).toContain(
      'Finished logo job',
    );
  });

  it('follows its query: the title names the search and category, the list is what they match', async () => {
    const { body } = await html('/browse-tasks?search=logo&category=Design&sort=oldest');
    const head = pageHead(body);
    expect(head.title).toBe('“logo” in Design · Browse Tasks · TaskBid');
    expect(head.og.title).toBe(head.title);
    expect(head.description).toBe(
      'Design tasks matching “logo” on TaskBid: compare budgets and deadlines, and bid on work that fits your skills.',
    );
    expect(head.canonical).toBe(`${TEST_BASE_URL}/browse-tasks?search=logo&category=Design`);
    const gist = noscriptOf(body);
    expect(gist).toContain('Logo for a bakery');
    expect(gist).not.toContain('Proofread an essay');

    const category = pageHead((await html('/browse-tasks?category=Writing')).body);
    expect(category.title).toBe('in Writing · Browse Tasks · TaskBid');
    expect(category.canonical).toBe(`${TEST_BASE_URL}/browse-tasks?category=Writing`);
    // A category that does not exist names nothing, as on the screen.
    expect(pageHead((await html('/browse-tasks?category=Nonsense')).body).title).toBe(
      'Browse Tasks · TaskBid',
    );
  });

  it('escapes a hostile search and a hostile task title: they stay text', async () => {
    const search = '</title><script>alert(1)</script>"><img src=x onerror=y>';
    const { body } = await html(`/browse-tasks?search=${encodeURIComponent(search)}`);
    expect(body).not.toContain('<script>alert(1)');
    expect(body).not.toContain('<img src=x');
    const head = pageHead(body);
    expect(head.titles).toHaveLength(1);
    expect(head.title).toBe(`“${search}” · Browse Tasks · TaskBid`);
    expect(head.og.description).toContain(`matching “${search}”`);

    const all = (await html('/browse-tasks')).body;
    expect(all).not.toContain('<script>alert("task")');
    expect(noscriptOf(all)).toContain(
      `<a href="/browse-tasks/${ids.hostile}">&lt;/title&gt;&lt;script&gt;alert(&quot;task&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;</a>`,
    );
  });

  it('shows a task posted since, with a new tag, once the change clears the kept lists', async () => {
    const before = await html('/browse-tasks');
    const etag = before.res.headers.get('etag')!;
    expect(
      (await fetch(`${t.url}/browse-tasks`, { headers: { 'if-none-match': etag } })).status,
    ).toBe(304);

    const posted = await apiCall(
      t.app,
      'POST',
      '/api/tasks',
      owner,
      buildTask({ title: 'Brand new poster' }),
    );
    expect(posted.statusCode).toBe(201);
    await expect
      .poll(async () => noscriptOf((await html('/browse-tasks')).body), { timeout: 5000 })
      .toContain('Brand new poster');
    const after = await fetch(`${t.url}/browse-tasks`, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('lists the home page’s first open tasks under its heading (its Featured Tasks)', async () => {
    const gist = noscriptOf((await html('/')).body);
    expect(gist).toContain('<h1>Get your tasks done by skilled professionals</h1>');
    expect(gist).toContain(`<a href="/browse-tasks/${ids.logo}">Logo for a bakery</a>`);
    expect(gist).not.toContain('Finished logo job');
  });

  it('keeps a task’s page out of search results (it is for signed-in members)', async () => {
    const head = pageHead((await html(`/browse-tasks/${ids.logo}`)).body);
    expect(head.robots).toBe('noindex');
    expect(head.canonical).toBeUndefined();
    expect(head.title).toBe('TaskBid');
    expect(head.description).toBe('Sign in to TaskBid to see this task and make an offer.');
    // A reader without JavaScript is told why, and where to sign in.
    const gist = noscriptOf((await html(`/browse-tasks/${ids.logo}`)).body);
    expect(gist).toContain('<h1>Sign in to see this task and make an offer</h1>');
    expect(gist).toContain('<a href="/login">Login</a>');
  });
});
