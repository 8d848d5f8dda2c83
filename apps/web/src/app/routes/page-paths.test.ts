import { describe, expect, it } from 'vitest';
import { cardPagePath, matchPagePath } from './page-paths';

describe('matchPagePath', () => {
  it("gives a card page's id, decoded", () => {
    expect(matchPagePath(cardPagePath, '/card/01a2-b3')).toEqual({ cardId: '01a2-b3' });
    expect(matchPagePath(cardPagePath, '/card/a%20b/')).toEqual({ cardId: 'a b' });
  });

  it('is null for any other page', () => {
    for (const pathname of ['/inbox', '/card', '/card/a/b', '/cards/a', '/t/x/card/a', '/card/%E0%A4%A'])
      expect(matchPagePath(cardPagePath, pathname)).toBeNull();
  });
});
