import { oneSchema } from '@wattle/domain/api/envelope';
import {
  AccessibilityPreferencesSchema,
  UpdateAccessibilityPreferencesSchema,
} from '@wattle/domain/preferences/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/context';
import { getAccessibilityPreferences, updateAccessibilityPreferences } from './preferences-service';

const tags = ['preferences'];

/** The caller's accessibility preferences (spec shell section 2), saved on the server per person. */
export const preferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/preferences',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'High contrast, reduced motion and font size, with the defaults for any never set.',
        response: { 200: oneSchema(AccessibilityPreferencesSchema) },
      },
    },
    async (request) => {
      const data = await getAccessibilityPreferences(app.db, actorOf(request).id);
      return { success: true as const, data };
    },
  );

  app.patch(
    '/api/me/preferences',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'Changes the preferences sent, keeps the others, and answers all of them.',
        body: UpdateAccessibilityPreferencesSchema,
        response: { 200: oneSchema(AccessibilityPreferencesSchema) },
      },
    },
    async (request) => {
      const data = await updateAccessibilityPreferences(app.db, {
        actor: actorOf(request),
        changes: request.body,
      });
      return { success: true as const, data };
    },
  );
};
