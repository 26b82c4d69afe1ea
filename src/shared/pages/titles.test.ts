import { describe, expect, it } from 'vitest';
import { browsePage, readBrowseTitleQuery } from './browse.ts';
import { profilePage } from './profile.ts';

describe('page titles shared by the screens and the server', () => {
  it('names browse by what is searched and where', () => {
    expect(browsePage({ search: '', category: '' }).title).toBe('Browse Tasks · TaskBid');
    expect(browsePage({ search: ' logo ', category: 'Design' }).title).toBe(
      '“logo” in Design · Browse Tasks · TaskBid',
    );
    const long = 'x'.repeat(61);
    expect(browsePage({ search: long, category: '' }).title).toBe(
      `“${'x'.repeat(59)}…” · Browse Tasks · TaskBid`,
    );
  });

  it('reads a query as the browse screen does: unknown categories name nothing', () => {
    const read = (query: string) => readBrowseTitleQuery(new URLSearchParams(query));
    expect(read('search=%20tiles%20&category=Writing')).toEqual({
      search: 'tiles',
      category: 'Writing',
    });
    expect(read('category=Gardening')).toEqual({ search: '', category: '' });
  });

  it('describes a profile by its headline when there is one', () => {
    expect(profilePage({ name: 'Ada', headline: 'Bookkeeper' })).toEqual({
      title: 'Ada · TaskBid',
      description: 'Ada on TaskBid: Bookkeeper',
    });
    expect(profilePage({ name: 'Ada', headline: ' ' }).description).toBe(
      'Ada’s profile, track record and reviews on TaskBid.',
    );
  });
});
