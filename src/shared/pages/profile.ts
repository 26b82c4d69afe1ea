import { pageTitle, type PageText } from './site.ts';

/** A public profile's title and description: the person's name, and their headline. */
export function profilePage({ name, headline }: { name: string; headline: string }): PageText {
  return {
    title: pageTitle(name),
    description: headline.trim()
      ? `${name} on TaskBid: ${headline.trim()}`
      : `${name}’s profile, track record and reviews on TaskBid.`,
  };
}
