import { listSchema } from '@wattle/domain/api/envelope';
import { searchMessages } from '@wattle/domain/search/rules';
import { SearchQuerySchema, SearchResultSchema } from '@wattle/domain/search/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { inTenant } from '../../http/tenant-scope';
import { searchCards } from './search-cards';

/** Search across the tenant's work (spec work section 5, shell section 5). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search',
    {
      config: { auth: 'tenant' },
      // An over-long query answers with the search's own message, not the generic validation one.
      attachValidation: true,
      schema: {
        tags: ['search'],
        description:
          "Cards whose title, description, assignee, due date, created date or field values hold every space-separated word of q (case-insensitive), most recently changed first; at most limit (default and most 20). Each result's createdDate is the day it was created in the tenant's time zone, the created date the search matches. Only cards of teams where the caller may read cards (teamId narrows to one team: 404 'Team not found' / 403 like the card list), and on teams where the caller reads only plans shared with family (family guardians) the working cards of those plans. An empty q finds nothing; a q over 200 characters is refused with 400.",
        querystring: SearchQuerySchema,
        response: { 200: listSchema(SearchResultSchema) },
      },
    },
    async (request) => {
      const invalid = request.validationError;
      if (invalid) {
        const tooLong =
          'validation' in invalid && JSON.stringify(invalid.validation).includes(searchMessages.tooLong);
        if (tooLong) {
          throw new AppError('VALIDATION_FAILED', searchMessages.tooLong, [
            { path: ['q'], message: searchMessages.tooLong },
          ]);
        }
        throw invalid;
      }
      const data = await inTenant(request, (ctx) => searchCards(ctx, request.query));
      return {
        success: true as const,
        data,
        meta: { total: data.length, limit: request.query.limit, offset: 0 },
      };
    },
  );
};
