import { describe, expect, it } from 'vitest';
import { parseDomainList } from './email-domain-list';

describe('parseDomainList', () => {
  it('reads one a line or separated by commas, forgiving an @ and case, without repeats', () => {
    expect(parseDomainList('sunrise.org.au\n@Partner.example, other.example;  sunrise.org.au\n\n')).toEqual([
      'sunrise.org.au',
      'partner.example',
      'other.example',
    ]);
  });

  it('is empty for nothing typed', () => {
    expect(parseDomainList('  \n ')).toEqual([]);
  });
});
