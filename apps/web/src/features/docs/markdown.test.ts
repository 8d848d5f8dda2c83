import { describe, expect, it } from 'vitest';
import { filterChapters, parseChapter, searchWords } from './markdown';
import { groupOperations, typeLabel } from './openapi';

const doc = `# Time and invoicing

Intro about time.

## Recording time

Use **Start Timer**.

\`\`\`sh
## not a heading inside code
\`\`\`

## Approval

A team lead approves submitted time.
`;

describe('parseChapter', () => {
  it('splits a file into its introduction and a section per ## heading, ignoring code blocks', () => {
    const chapter = parseChapter(doc, 'fallback');
    expect(chapter.title).toBe('Time and invoicing');
    expect(chapter.sections.map((s) => [s.id, s.title])).toEqual([
      ['time-and-invoicing', 'Time and invoicing'],
      ['time-and-invoicing--recording-time', 'Recording time'],
      ['time-and-invoicing--approval', 'Approval'],
    ]);
    expect(chapter.sections[1]!.markdown).toContain('## not a heading inside code');
    expect(chapter.sections[1]!.searchText).toContain('start timer');
  });

  it('uses the file name when there is no # title', () => {
    expect(parseChapter('Just text', '01-notes').title).toBe('01-notes');
  });
});

describe('filterChapters', () => {
  const chapters = [parseChapter(doc, 'x')];
  it('keeps sections holding every word, in any case, and drops empty chapters', () => {
    expect(filterChapters(chapters, 'LEAD approves')[0]!.sections.map((s) => s.title)).toEqual(['Approval']);
    expect(filterChapters(chapters, 'time timer')[0]!.sections.map((s) => s.title)).toEqual([
      'Recording time',
    ]);
    expect(filterChapters(chapters, 'timer approves')).toEqual([]);
    expect(filterChapters(chapters, '   ')).toEqual(chapters);
  });
  it('reads words without surrounding punctuation', () => {
    expect(searchWords(' "Approval," time. ')).toEqual(['approval', 'time']);
  });
});

describe('the API reference', () => {
  it('groups operations by tag, sorted by path then method', () => {
    const groups = groupOperations({
      paths: {
        '/api/me': { patch: { tags: ['me'] }, get: { tags: ['me'] } },
        '/api/cards': { get: { tags: ['cards'] } },
        '/api/health': { get: {} },
      },
    });
    expect(groups.map((g) => [g.tag, g.operations.map((o) => `${o.method} ${o.path}`)])).toEqual([
      ['cards', ['get /api/cards']],
      ['me', ['get /api/me', 'patch /api/me']],
      ['other', ['get /api/health']],
    ]);
  });
  it('labels types with formats, limits, enums and nullables', () => {
    expect(typeLabel({ type: 'string', format: 'uuid' })).toBe('string (uuid)');
    expect(typeLabel({ type: 'string', maxLength: 200, minLength: 1 })).toBe(
      'string, at least 1 characters, at most 200 characters',
    );
    expect(typeLabel({ enum: ['draft', 'sent'] })).toBe('"draft" | "sent"');
    expect(typeLabel({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
    expect(typeLabel({ type: 'array', items: { type: 'integer' } })).toBe('array of integer');
  });
});
