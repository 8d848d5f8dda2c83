import fastJson from 'fast-json-stringify';
import type { FastifySchema } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type SerializerCompiler = (route: {
  schema: FastifySchema;
  method: string;
  url: string;
  httpStatus?: string;
}) => (data: unknown) => string;

/**
 * Serialises each response with fast-json-stringify, compiled once per route from the same zod
 * response schema that documents it (docs/decisions/0007-response-serialisation.md). Like zod's
 * parse, it writes only the declared fields, so nothing undeclared leaks; unlike it, it does not
 * re-validate every answer, which cost more CPU than the rest of a small request.
 *
 * With `checkResponses` (the test suite), every answer is also checked against the zod schema, so
 * a service that drifts from its contract fails the tests instead of being silently coerced.
 */
export function createResponseSerializerCompiler(options: { checkResponses: boolean }): SerializerCompiler {
  return (route) => {
    const schema = route.schema as unknown as ZodType;
    const stringify = fastJson(
      z.toJSONSchema(schema, { target: 'draft-07', io: 'output', unrepresentable: 'any' }) as object,
    );
    if (!options.checkResponses) return (data) => stringify(data);
    const check = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    return (data) => {
      check(data);
      return stringify(data);
    };
  };
}
