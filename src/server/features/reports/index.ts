import type { Feature } from '../../platform/feature.ts';
import { reportDemo } from './demo.ts';
import { reportPersonalData } from './personal-data.ts';
import { reportRoutes } from './routes.ts';

/**
 * Reports of anything a person can see, gathered into one review queue (one item per
 * reported thing, ordered by the reports' weight and age) that operators decide.
 */
export const reportsFeature: Feature = {
  name: 'reports',
  routes: reportRoutes,
  personalData: reportPersonalData,
  demo: reportDemo,
};

export { fileSystemReport, type SystemReport } from './queue-items.ts';
