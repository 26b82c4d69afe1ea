import { NOT_FOUND_PAGE } from '../../../shared/pages/not-found.ts';
import { profilePage } from '../../../shared/pages/profile.ts';
import { escapeHtml } from '../../platform/web/escape.ts';
import { headingHtml, type PublicPage } from '../../platform/web/pages.ts';
import type { SitemapSource } from '../../platform/web/sitemap.ts';
import { createListedProfiles } from './listed-profiles.ts';

const profileAddress = (id: string) => `/users/${encodeURIComponent(id)}`;

/**
 * A public profile: the person's name and headline. A profile that is not there, deleted,
 * banned or held by moderation answers 404 with the not-found title, kept out of results.
 */
const profile: PublicPage = {
  path: '/users/:id',
  async render({ request, params }) {
    const id = params.id ?? '';
    const person = await createListedProfiles(request.readDb()).head(id);
    if (!person) {
      const { title, description, heading, intro } = NOT_FOUND_PAGE;
      return {
        status: 404,
        head: { title, description, noindex: true },
        noscript: headingHtml(heading, intro),
      };
    }
    const headline = person.headline.trim();
    return {
      head: { ...profilePage(person), canonical: profileAddress(id), ogType: 'profile' },
      // The name and headline, as the profile's heading shows them.
      noscript: `<h1>${escapeHtml(person.name)}</h1>${headline ? `<p>${escapeHtml(headline)}</p>` : ''}`,
    };
  },
};

export const userPages: readonly PublicPage[] = [profile];

/** The profiles of people with public work to their name. */
export const userSitemap: readonly SitemapSource[] = [
  {
    name: 'profiles',
    count: (db) => createListedProfiles(db).count(),
    paths: async (db, offset, limit) =>
      (await createListedProfiles(db).ids(offset, limit)).map(profileAddress),
  },
];
