import { CATEGORIES, PRIORITIES, type Category } from '../../../shared/constants.ts';
import { OWNER_STATUSES } from '../../../shared/lifecycle.ts';
import { tasks } from '../../platform/db/schema.ts';
import { dateFromToday, type DemoData } from '../../platform/demo.ts';

/** Ten tasks per category: [title, what is needed]. */
export const DEMO_TASKS: Record<Category, [string, string][]> = {
  'Web Development': [
    [
      'Build a landing page for a coffee roastery',
      'A fast, responsive one-page site with a menu, opening hours and a contact form.',
    ],
    [
      'Fix checkout bugs in a Shopify store',
      'Discount codes are applied twice and the shipping estimate is sometimes blank.',
    ],
    [
      'Add dark mode to a React dashboard',
      'Theme switch in the header, stored per user, no flash of the wrong theme on load.',
    ],
    [
      'Migrate a WordPress blog to a static site',
      'About 120 posts with images; keep the URLs so search rankings survive.',
    ],
    [
      'REST API for a booking calendar',
      'Node or Python; endpoints for slots, bookings and cancellations, with tests.',
    ],
    [
      'Speed up a slow product search',
      'PostgreSQL full-text search over 50k products takes 4 seconds; make it fast.',
    ],
    [
      'Accessibility audit and fixes',
      'Bring a small e-commerce site to WCAG 2.2 AA: forms, focus order, contrast.',
    ],
    [
      'Stripe subscription integration',
      'Monthly and yearly plans, customer portal, webhooks that update our database.',
    ],
    [
      'Progressive web app for a recipe site',
      'Offline reading of saved recipes and an install prompt on phones.',
    ],
    [
      'Set up CI for a TypeScript monorepo',
      'Lint, type-check and test on every pull request; cache dependencies.',
    ],
  ],
  Design: [
    ['Logo for a cycling club', 'A simple mark that works on jerseys, stickers and a favicon.'],
    [
      'Redesign a mobile banking onboarding',
      'Five screens, fewer steps, clear error states; Figma deliverable.',
    ],
    [
      'Poster series for a jazz festival',
      'Three A2 posters in a shared style, print-ready with bleed.',
    ],
    [
      'Icon set for a productivity app',
      '40 line icons on a 24 px grid, SVG export, consistent stroke width.',
    ],
    [
      'Brand guidelines for a bakery',
      'Colours, type, logo usage and a few social media templates.',
    ],
    [
      'UI kit for a SaaS admin panel',
      'Tables, forms, filters and empty states in light and dark themes.',
    ],
    ['Packaging for organic tea', 'Front and back of a 100 g pouch for four flavours.'],
    [
      'Illustrations for a children’s book',
      '12 full-page watercolour-style illustrations about a curious fox.',
    ],
    ['Pitch deck design', 'Turn a 15-slide text deck into a clean, investor-ready presentation.'],
    [
      'Website wireframes for an architecture studio',
      'Home, projects, project detail and contact; desktop and mobile.',
    ],
  ],
  Writing: [
    ['Blog posts about remote work', 'Four 1,200-word articles with sources, aimed at team leads.'],
    [
      'Product descriptions for a furniture shop',
      '60 short, vivid descriptions with dimensions and materials.',
    ],
    ['Proofread a fantasy novel', 'About 90,000 words; British English; track changes in Word.'],
    [
      'Write a user guide for a CAD plugin',
      'Installation, first project and troubleshooting, with screenshots.',
    ],
    [
      'Grant application for a community garden',
      'Help shape our story and budget narrative for a city grant.',
    ],
    [
      'Newsletter copy for a fitness studio',
      'Monthly newsletter: class news, a member story and one tip.',
    ],
    [
      'Translate a website from German to English',
      'About 6,000 words of marketing and legal pages.',
    ],
    [
      'Technical article on PostgreSQL indexes',
      'A practical 2,000-word guide with EXPLAIN examples.',
    ],
    ['Rewrite our About page', 'Make it warmer and shorter; we are a family-run hardware store.'],
    ['Scripts for three explainer videos', 'Each 90 seconds, friendly tone, for a budgeting app.'],
  ],
  Marketing: [
    [
      'Google Ads campaign for a dental clinic',
      'Set up and run a local campaign for one month, weekly reports.',
    ],
    [
      'Instagram content plan for a bakery',
      'A month of posts and stories with captions and hashtags.',
    ],
    [
      'SEO audit for an online bookstore',
      'Technical issues, keyword gaps and a prioritised fix list.',
    ],
    [
      'Email drip campaign for a SaaS trial',
      'Six emails over 14 days that move trial users to paid.',
    ],
    ['Launch plan for a board game Kickstarter', 'Timeline, channels, budget and a press list.'],
    [
      'LinkedIn outreach for a consulting firm',
      'Templates and a weekly routine to reach operations managers.',
    ],
    [
      'Market research for a pet food brand',
      'Competitor pricing and positioning in three European markets.',
    ],
    ['Improve landing page conversion', 'Review copy and layout, propose and run two A/B tests.'],
    [
      'Podcast sponsorship outreach',
      'Find ten tech podcasts that fit our audience and negotiate rates.',
    ],
    [
      'Set up analytics and conversion tracking',
      'Privacy-friendly analytics, goals for sign-ups and purchases.',
    ],
  ],
  Research: [
    [
      'Literature review on urban heat islands',
      'Summarise 30 recent papers with a short synthesis.',
    ],
    [
      'User interviews for a travel app',
      'Recruit and interview eight frequent travellers; report insights.',
    ],
    [
      'Compare accounting software for freelancers',
      'Features, prices and export options of five tools.',
    ],
    [
      'Data cleaning for a survey of 2,000 people',
      'Fix encodings, merge duplicates and document every change.',
    ],
    [
      'Patent search for a bike lock design',
      'Prior art search in EU and US databases with a summary.',
    ],
    [
      'Statistical analysis of sales data',
      'Seasonality and the effect of promotions, in R or Python.',
    ],
    [
      'Competitor analysis for a meal-kit startup',
      'Pricing, menus, delivery areas and reviews of six competitors.',
    ],
    ['Usability test of a checkout flow', 'Five moderated sessions, findings ranked by severity.'],
    ['Fact-check a long-form article', 'About 40 claims with sources; flag anything unverifiable.'],
    [
      'Survey design for employee wellbeing',
      'A 15-minute survey with validated scales and a pilot.',
    ],
  ],
  Personal: [
    [
      'Plan a two-week trip to Japan',
      'Itinerary for a family of four, trains and hotels, mid-range budget.',
    ],
    ['Organise a home office', 'Suggest furniture and cable management for a small room.'],
    ['Personal budget spreadsheet', 'Monthly budget with categories, charts and a savings goal.'],
    [
      'Help planning a surprise birthday party',
      'Venue ideas, invitations and a run-of-show for 30 guests.',
    ],
    ['Digitise old family photos', 'Scan about 500 prints and name them by year and place.'],
    [
      'Wedding speech coaching',
      'Two sessions to shape and rehearse a five-minute best-man speech.',
    ],
    ['Meal plan for a busy week', 'Seven dinners, vegetarian, with a shopping list.'],
    [
      'Set up a smart home hub',
      'Lights, thermostat and door sensor on one app, with a short guide.',
    ],
    ['CV and cover letter review', 'Make my CV clearer for product manager roles.'],
    ['Learn to use a DSLR camera', 'Three online sessions on exposure, focus and composition.'],
  ],
};

/** Sixty tasks over every category, priority and status an owner sets, by the demo people. */
export const taskDemo: DemoData = async (tx, scene) => {
  const ids = scene.people.map((p) => p.id);
  const rows = CATEGORIES.flatMap((category, c) =>
    DEMO_TASKS[category].map(([title, summary], i) => {
      const n = c * 10 + i;
      return {
        ownerId: ids[n % ids.length] ?? '',
        title,
        description: `${summary} Please include a short plan and an estimate of the time you need. Questions are welcome before you bid.`,
        priority: PRIORITIES[(n + c) % PRIORITIES.length] ?? 'Medium',
        category,
        deadline: dateFromToday(5 + ((n * 7) % 80)),
        estimatedTime: n % 5 === 4 ? null : 2 + ((n * 3) % 40) / 2,
        budget: n % 9 === 8 ? null : 40 + ((n * 137) % 4000) + (n % 3) * 0.5,
        status: OWNER_STATUSES[Math.floor(n / 2) % OWNER_STATUSES.length] ?? 'Not Started',
        location: scene.locations[n % scene.locations.length] ?? null,
        createdAt: new Date(Date.now() - (n * 17 + 3) * 60 * 60 * 1000),
      };
    }),
  );
  const inserted = await tx.insert(tasks).values(rows).returning({
    id: tasks.id,
    ownerId: tasks.ownerId,
    title: tasks.title,
    budget: tasks.budget,
    createdAt: tasks.createdAt,
  });
  scene.tasks.push(...inserted);
};
