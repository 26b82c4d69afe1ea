import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  moderationSettingsSchema,
  settingsChangeSchema,
} from '../../../shared/operators/schema.ts';
import { recordAudit, requestActor } from '../../platform/audit.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import {
  configureNewAccountLimits,
  forgetModerationSettings,
  loadModerationSettings,
  storeModerationSettings,
} from '../../platform/moderation-settings.ts';

/** The moderation settings: admins read and change them in the console. */
export const preventionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  configureNewAccountLimits(db, app.config.newAccountLimits);

  app.get(
    '/api/admin/settings',
    routeOptions(
      'user',
      'operators',
      'The moderation settings: hide threshold, new-account limits, watched words (admins)',
      { response: { 200: moderationSettingsSchema, ...errorResponses(403, 404) } },
      { config: { role: 'admin' } },
    ),
    async () => (await loadModerationSettings(db)).settings,
  );

  app.put(
    '/api/admin/settings',
    routeOptions(
      'user',
      'operators',
      'Change the moderation settings (admins)',
      {
        description:
          'The whole settings with the reason for the change; the audit log keeps them before and after. Every instance applies them within a few seconds.',
        body: settingsChangeSchema,
        response: { 200: moderationSettingsSchema, ...errorResponses(403, 404) },
      },
      { config: { role: 'admin' } },
    ),
    async (request) => {
      const { reason, ...settings } = request.body;
      const saved = await db.transaction(async (tx) => {
        const before = await loadModerationSettings(tx);
        await storeModerationSettings(tx, settings);
        await recordAudit(tx, requestActor(request), {
          action: 'settings.changed',
          target: { type: 'settings', id: 'moderation' },
          before: before.settings,
          after: settings,
          reason,
        });
        return settings;
      });
      forgetModerationSettings(db);
      return saved;
    },
  );
};
