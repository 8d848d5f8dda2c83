import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import {
  CommentSchema,
  CreateCommentSchema,
  MentionableUserSchema,
  ReactionSchema,
  UpdateCommentSchema,
} from '@wattle/domain/comments/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import { deleteComment, setReaction, updateComment } from './change-comment';
import { createComment } from './create-comment';
import { listComments } from './list-comments';
import { listMentionableUsers } from './mentionable-users';

const CardParams = z.object({ id: z.uuid() });
const CommentParams = z.object({ id: z.uuid(), commentId: z.uuid() });
const tags = ['comments'];

/**
 * A card's comment thread (spec work sections 2, 3, 5 and 6). Whoever may open the card reads its
 * thread, internal comments only with read:internal-comments (never family guardians); writing needs
 * write:comments on the card's team; edits and deletes are the author's alone.
 */
export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/cards/:id/comments',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "The card's comments, oldest first, replies included (nest them by parentCommentId). Internal comments " +
          'only for callers who may read them. A deleted comment appears only while a visible reply hangs below it, ' +
          "with isDeleted true, empty content and no reactions. 404 'Card not found'.",
        params: CardParams,
        response: { 200: listSchema(CommentSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => listComments(ctx, request.params.id));
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.post(
    '/api/cards/:id/comments',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          'Posts a comment or a reply (write:comments on the card\'s team). 400 for empty text ("A comment cannot ' +
          'be empty"), a fieldId not on the card\'s form, or a mention of someone who cannot read the comment; 403 ' +
          "for an internal comment without read:internal-comments; 404 'Comment not found' for a parent the caller " +
          'cannot see. A reply to an internal comment is internal. Each mentioned person gets an inbox ' +
          'notification whose cardId links to the card. Honours Idempotency-Key.',
        params: CardParams,
        body: CreateCommentSchema,
        response: { 201: oneSchema(CommentSchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) => createComment(ctx, request.params.id, request.body));
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.patch(
    '/api/cards/:id/comments/:commentId',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Replaces the text of the caller's own comment and marks it edited. With `mentions`, replaces its " +
          'mentions: people not mentioned before must be able to read the comment (400 as on create) and get an ' +
          "inbox notification linked to the card; without, the comment keeps its mentions. 403 'Only the author " +
          "can edit this comment'; 403 for system comments; 404 'Comment not found'.",
        params: CommentParams,
        body: UpdateCommentSchema,
        response: { 200: oneSchema(CommentSchema) },
      },
    },
    async (request) => {
      const { id: cardId, commentId } = request.params;
      const data = await inTenant(request, (ctx) => updateComment(ctx, { cardId, commentId }, request.body));
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/cards/:id/comments/:commentId',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Deletes the caller's own comment (softly: replies keep their place under it). 204. 403 'Only the " +
          "author can delete this comment'; 403 for system comments; 404 'Comment not found'.",
        params: CommentParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const { id: cardId, commentId } = request.params;
      await inTenant(request, (ctx) => deleteComment(ctx, { cardId, commentId }));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/cards/:id/comments/:commentId/reaction',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Sets the caller's reaction to a comment (like, important, question or resolved), replacing theirs; " +
          'answers the updated comment (write:comments).',
        params: CommentParams,
        body: ReactionSchema,
        response: { 200: oneSchema(CommentSchema) },
      },
    },
    async (request) => {
      const { id: cardId, commentId } = request.params;
      const data = await inTenant(request, (ctx) =>
        setReaction(ctx, { cardId, commentId }, request.body.kind),
      );
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/cards/:id/comments/:commentId/reaction',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: "Removes the caller's reaction to a comment; answers the updated comment.",
        params: CommentParams,
        response: { 200: oneSchema(CommentSchema) },
      },
    },
    async (request) => {
      const { id: cardId, commentId } = request.params;
      const data = await inTenant(request, (ctx) => setReaction(ctx, { cardId, commentId }, null));
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/cards/:id/mentionable',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Members of the card's team who can read its comments (with internal=true: its internal comments), " +
          'for the @ picker; the caller is left out.',
        params: CardParams,
        querystring: z.object({
          internal: z
            .enum(['true', 'false'])
            .default('false')
            .transform((v) => v === 'true')
            .describe('Only those who may read internal comments'),
        }),
        response: { 200: listSchema(MentionableUserSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        listMentionableUsers(ctx, request.params.id, { internal: request.query.internal }),
      );
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );
};
