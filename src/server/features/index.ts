import type { Feature } from '../platform/feature.ts';
import { accountFeature } from './account/index.ts';
import { alertsFeature } from './alerts/index.ts';
import { bidsFeature } from './bids/index.ts';
import { blocksFeature } from './blocks/index.ts';
import { dealsFeature } from './deals/index.ts';
import { newsletterFeature } from './newsletter/index.ts';
import { notificationsFeature } from './notifications/index.ts';
import { operatorsFeature } from './operators/index.ts';
import { paymentsFeature } from './payments/index.ts';
import { preventionFeature } from './prevention/index.ts';
import { pushFeature } from './push/index.ts';
import { photosFeature } from './photos/index.ts';
import { questionsFeature } from './questions/index.ts';
import { reportsFeature } from './reports/index.ts';
import { reviewsFeature } from './reviews/index.ts';
import { statementsFeature } from './statements/index.ts';
import { tasksFeature } from './tasks/index.ts';
import { threadsFeature } from './threads/index.ts';
import { usersFeature } from './users/index.ts';

/**
 * Every feature of the marketplace, in the order their routes register and their personal
 * data is erased (the account's own rows last). Adding a feature: its folder, its
 * declaration (`index.ts`), and one line here.
 */
export const FEATURES: readonly Feature[] = [
  tasksFeature,
  bidsFeature,
  newsletterFeature,
  notificationsFeature,
  reviewsFeature,
  questionsFeature,
  usersFeature,
  threadsFeature,
  operatorsFeature,
  reportsFeature,
  statementsFeature,
  blocksFeature,
  preventionFeature,
  photosFeature,
  paymentsFeature,
  pushFeature,
  dealsFeature,
  alertsFeature,
  accountFeature,
];
