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
      nullableAsTypeArrays(
        z.toJSONSchema(schema, { target: 'draft-07', io: 'output', unrepresentable: 'any' }),
      ) as object,
    );
    if (!options.checkResponses) return (data) => stringify(data);
    const check = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    return (data) => {
      check(data);
      return stringify(data);
    };
  };
}

type JsonSchemaNode = unknown;

/**
 * zod writes `x.nullable()` as `anyOf: [x, { type: 'null' }]`. fast-json-stringify serialises an
 * anyOf by validating the value against each branch with ajv on every call (formats, uuid patterns,
 * every property of a nullable object), which was over half the cost of a list of 50 invoices.
 * `type: [x's type, 'null']` says the same and serialises without validating, so that is what the
 * serializer is given. Only a branch with a single type of its own is merged (with null added to its
 * enum); anything else stays.
 */
export function nullableAsTypeArrays(node: JsonSchemaNode): JsonSchemaNode {
  if (Array.isArray(node)) return node.map(nullableAsTypeArrays);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = nullableAsTypeArrays(value);
  const anyOf = out.anyOf;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return out;
  const nullAt = anyOf.findIndex(
    (branch) =>
      typeof branch === 'object' &&
      branch !== null &&
      (branch as { type?: unknown }).type === 'null' &&
      Object.keys(branch).length === 1,
  );
  if (nullAt === -1) return out;
  const other = anyOf[1 - nullAt] as Record<string, unknown>;
  const mergeable =
    typeof other.type === 'string' &&
    !('anyOf' in other) &&
    !('oneOf' in other) &&
    !('allOf' in other) &&
    !('$ref' in other);
  if (!mergeable || 'const' in other) return out;
  const { anyOf: _replaced, ...rest } = out;
  // Every keyword but enum (and const, left alone above) applies to its own type only, so null
  // passes them; an enum must list null itself, or ajv (oneOf branches are still validated) refuses it.
  const nullable = Array.isArray(other.enum) ? { ...other, enum: [...other.enum, null] } : other;
  return { ...rest, ...nullable, type: [other.type, 'null'] };
}
