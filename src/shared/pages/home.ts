/*
 * The home page's words, as separate constants: the home chunk takes only what it shows (not
 * the description's table entry, not the other pages' modules). Nothing is imported, so the
 * home page loads no shared page-text chunk either (the home JavaScript budget is tight).
 */

/** The site's name first, unlike the other screens' titles (site.ts's pageTitle). */
export const HOME_TITLE = 'TaskBid · Get tasks done by skilled professionals';

/** The hero's line under the heading, and the home page's description. */
export const HOME_DESCRIPTION =
  'Post what you need, compare bids from freelancers worldwide, and pick the right person for the job. Or browse open tasks and bid on work that fits your skills.';

/** The home page's heading, as the hero shows it: its lead, then its highlighted words. */
export const HOME_HEADING_LEAD = 'Get your tasks done by';
export const HOME_HEADING_HIGHLIGHT = 'skilled professionals';
