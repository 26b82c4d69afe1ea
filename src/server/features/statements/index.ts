import type { Feature } from '../../platform/feature.ts';
import { statementPersonalData } from './personal-data.ts';
import { statementRoutes } from './routes.ts';

/**
 * Statements of reasons: every action on a person (warning, read-only limit, suspension,
 * ban, upheld report of their content) said to them under Account notices and by e-mail,
 * with one appeal each that operators uphold or overturn.
 */
export const statementsFeature: Feature = {
  name: 'statements',
  routes: statementRoutes,
  personalData: statementPersonalData,
};

export { limitRunning, recordStatement, statementsOf } from './repository.ts';
export { hideOpenTasksOf, showOpenTasksOf } from './limited-tasks.ts';
