import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler, nullableAsTypeArrays } from './response-serializer';

const person = z.object({ id: z.uuid(), name: z.string() });
const schema = z.object({
  id: z.uuid(),
  submittedBy: person.nullable(),
  sentAt: z.iso.datetime().nullable(),
  dueDate: z.iso.date().nullable(),
  count: z.number().int().nullable(),
  tags: z.array(z.string()).nullable(),
  kind: z.enum(['a', 'b']).nullable(),
  only: z.literal('x').nullable(),
  either: z.union([z.string(), person]).nullable(),
});

const serialize = (checkResponses: boolean) =>
  createResponseSerializerCompiler({ checkResponses })({
    schema: schema as never,
    method: 'GET',
    url: '/test',
  });

const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const full = {
  id,
  submittedBy: { id, name: 'Olivia' },
  sentAt: '2026-11-25T01:02:03.000Z',
  dueDate: '2026-12-25',
  count: 3,
  tags: ['x'],
  kind: 'a',
  only: 'x',
  either: 'two',
};
const empty = {
  id,
  submittedBy: null,
  sentAt: null,
  dueDate: null,
  count: null,
  tags: null,
  kind: null,
  only: null,
  either: null,
};

describe('response serialisation', () => {
  it('writes nullable values, set or null, exactly as JSON.stringify does', () => {
    for (const check of [false, true]) {
      expect(JSON.parse(serialize(check)(full))).toEqual(full);
      expect(JSON.parse(serialize(check)(empty))).toEqual(empty);
    }
  });

  it('chooses a union branch whose nullable enum is null', () => {
    const view = z.union([
      z.object({ view: z.literal('full'), state: z.enum(['NSW', 'VIC']).nullable() }),
      z.object({ view: z.literal('summary') }),
    ]);
    const write = createResponseSerializerCompiler({ checkResponses: false })({
      schema: view as never,
      method: 'GET',
      url: '/view',
    });
    expect(JSON.parse(write({ view: 'full', state: null }))).toEqual({ view: 'full', state: null });
    expect(JSON.parse(write({ view: 'full', state: 'VIC' }))).toEqual({ view: 'full', state: 'VIC' });
  });

  it('writes only declared fields', () => {
    const extra = { ...full, secret: 'x', submittedBy: { id, name: 'Olivia', email: 'o@example.com' } };
    expect(JSON.parse(serialize(false)(extra))).toEqual(full);
  });

  it('turns a nullable single-type branch into a type array and leaves unions alone', () => {
    const json = nullableAsTypeArrays(z.toJSONSchema(schema, { target: 'draft-07', io: 'output' })) as {
      properties: Record<string, { type?: unknown; anyOf?: unknown[] }>;
    };
    expect(json.properties.submittedBy?.type).toEqual(['object', 'null']);
    expect(json.properties.sentAt?.type).toEqual(['string', 'null']);
    expect(json.properties.tags?.type).toEqual(['array', 'null']);
    expect(json.properties.either?.anyOf).toBeDefined();
  });
});
