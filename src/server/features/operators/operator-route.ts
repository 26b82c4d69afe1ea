import type { OperatorRole } from '../../../shared/operators/rules.ts';
import { routeOptions } from '../../platform/http/route-options.ts';

/** An operator route: a session, and at least `role` (route-auth.ts answers the rest). */
export const operator = <const S extends object>(role: OperatorRole, summary: string, schema: S) =>
  routeOptions('user', 'operators', summary, schema, { config: { role } });
