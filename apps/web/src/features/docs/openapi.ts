/**
 * The parts of an OpenAPI 3.1 document the API reference reads (the server's `/api/openapi.json`,
 * built by @fastify/swagger from the routes' zod schemas), and the grouping it shows them in.
 */

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  nullable?: boolean;
  $ref?: string;
}

export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }>; required?: boolean };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export interface OperationEntry {
  id: string;
  method: HttpMethod;
  path: string;
  tag: string;
  operation: OpenApiOperation;
}

/** Every operation of the document, grouped by its first tag (untagged under "other"), A to Z. */
export function groupOperations(doc: OpenApiDocument): { tag: string; operations: OperationEntry[] }[] {
  const groups = new Map<string, OperationEntry[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of httpMethods) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      const entry: OperationEntry = {
        id: `op-${method}-${path.replace(/[^a-zA-Z0-9]+/g, '-')}`,
        method,
        path,
        tag,
        operation,
      };
      groups.set(tag, [...(groups.get(tag) ?? []), entry]);
    }
  }
  const order = (m: HttpMethod) => httpMethods.indexOf(m);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, operations]) => ({
      tag,
      operations: operations.sort(
        (a, b) => a.path.localeCompare(b.path) || order(a.method) - order(b.method),
      ),
    }));
}

/** Operations whose method, path, tag, summary or description hold every word of the filter. */
export function filterOperations(
  groups: ReturnType<typeof groupOperations>,
  query: string,
): ReturnType<typeof groupOperations> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((g) => ({
      tag: g.tag,
      operations: g.operations.filter((op) => {
        const text =
          `${op.method} ${op.path} ${op.tag} ${op.operation.summary ?? ''} ${op.operation.description ?? ''}`.toLowerCase();
        return words.every((w) => text.includes(w));
      }),
    }))
    .filter((g) => g.operations.length > 0);
}

/** Follows a local `$ref` (`#/components/schemas/Name`); anything else is left as it is. */
export function resolveRef(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref?.startsWith('#/')) return schema;
  let target: unknown = doc;
  for (const part of schema.$ref.slice(2).split('/')) {
    target = (target as Record<string, unknown> | undefined)?.[decodeURIComponent(part)];
  }
  return (target as JsonSchema | undefined) ?? schema;
}

/** A one-line type: 'string (uuid)', 'integer ≥ 1', 'array of object', "'draft' | 'sent'", 'string | null'. */
export function typeLabel(schema: JsonSchema): string {
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeLabel).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const label = types
    .map((t) => {
      if (t === 'array') return `array of ${schema.items ? typeLabel(schema.items) : 'any'}`;
      if (t === 'string' && schema.format) return `string (${schema.format})`;
      return t;
    })
    .join(' | ');
  const limits: string[] = [];
  if (schema.minimum !== undefined) limits.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) limits.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined && schema.minLength > 0)
    limits.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) limits.push(`at most ${schema.maxLength} characters`);
  const base = label || (schema.properties ? 'object' : 'any');
  return limits.length > 0 ? `${base}, ${limits.join(', ')}` : base;
}
