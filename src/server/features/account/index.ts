import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Feature } from '../../platform/feature.ts';
import { accountRoutes } from './account-routes.ts';
import { accountPersonalData } from './personal-data.ts';
import { preferencesRoutes } from './preferences-routes.ts';
import { welcomeRoutes } from './welcome-routes.ts';

export { accountDeleted } from './deleted.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(preferencesRoutes);
  await app.register(accountRoutes);
  await app.register(welcomeRoutes);
};

/** The account: the welcome, e-mail settings, how I sign in, download my data, delete it. */
export const accountFeature: Feature = {
  name: 'account',
  routes,
  personalData: accountPersonalData,
};
