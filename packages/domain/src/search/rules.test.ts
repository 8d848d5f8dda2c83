import { describe, expect, it } from 'vitest';
import { isSearchResultItem, matchesEveryWord, searchWords } from './rules';
import { SearchResultSchema } from './schemas';

describe('search words', () => {
  it('splits on spaces, lower-cases and drops repeats', () => {
    expect(searchWords('  Quokka  HYDRO quokka ')).toEqual(['quokka', 'hydro']);
    expect(searchWords('   ')).toEqual([]);
  });

  it('uses every word, however many, leaving out only those inside a longer one', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${String(i).padStart(2, '0')}x`);
    expect(searchWords(words.join(' '))).toEqual(words);
    expect(searchWords('a b c d e f g h i j k')).toHaveLength(11);
    expect(searchWords('quok Quokka hydro okk hydrotherapy 6')).toEqual(['quokka', 'hydrotherapy', '6']);
    // The matches are the same with and without the shorter words.
    const text = 'quokka hydrotherapy session 6/5/2031';
    expect(matchesEveryWord(text, searchWords('quok quokka'))).toBe(
      matchesEveryWord(text, ['quok', 'quokka']),
    );
  });

  it('matches only when every word is in the text', () => {
    expect(matchesEveryWord('quokka hydrotherapy session', ['hydro', 'quokka'])).toBe(true);
    expect(matchesEveryWord('quokka hydrotherapy session', ['hydro', 'wombat'])).toBe(false);
  });
});

describe('isSearchResultItem', () => {
  const result = {
    id: '01970000-0000-7000-8000-000000000001',
    workItemId: 'SUN-00042',
    teamId: '01970000-0000-7000-8000-000000000002',
    title: 'Quokka hydrotherapy',
    description: '',
    assigneeName: null,
    dueDate: '2026-12-01',
    createdDate: '2026-11-22',
    createdAt: '2026-11-22T01:00:00.000Z',
    updatedAt: '2026-11-22T01:00:00.000Z',
  };

  it('accepts what the schema accepts', () => {
    expect(SearchResultSchema.safeParse(result).success).toBe(true);
    expect(isSearchResultItem(result)).toBe(true);
  });

  it('refuses a result missing a field or with one of the wrong type', () => {
    const { title: _title, ...withoutTitle } = result;
    expect(isSearchResultItem(withoutTitle)).toBe(false);
    expect(isSearchResultItem({ ...result, assigneeName: 3 })).toBe(false);
    const { createdDate: _createdDate, ...withoutCreatedDate } = result;
    expect(isSearchResultItem(withoutCreatedDate)).toBe(false);
    expect(isSearchResultItem(null)).toBe(false);
    expect(isSearchResultItem('SUN-00042')).toBe(false);
  });
});
