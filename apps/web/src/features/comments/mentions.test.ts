import { describe, expect, it } from 'vitest';
import {
  activeMentionQuery,
  filterMentionable,
  insertMention,
  mentionsInText,
  setAsideNotice,
} from './mentions';

const people = [
  { userId: 'p', name: 'Priya Practitioner', role: 'Practitioner' },
  { userId: 's', name: 'Sophie Support', role: 'Support Worker' },
  { userId: 'l', name: 'Lee Lead', role: 'Team Lead' },
];

describe('activeMentionQuery', () => {
  it('finds the @ before the caret at the start or after white space', () => {
    expect(activeMentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMentionQuery('Hi @pri', 7)).toEqual({ start: 3, query: 'pri' });
    expect(activeMentionQuery('Hi\n@Priya Pr', 12)).toEqual({ start: 3, query: 'Priya Pr' });
  });

  it('ignores an e-mail address, a line break after the @ and a leading space', () => {
    expect(activeMentionQuery('mail lee@sunrise', 16)).toBeNull();
    expect(activeMentionQuery('@lee\nmore', 9)).toBeNull();
    expect(activeMentionQuery('@ lee', 5)).toBeNull();
    expect(activeMentionQuery('@Lee Lead ', 10)).toBeNull();
    expect(activeMentionQuery('no mention', 10)).toBeNull();
  });
});

describe('filterMentionable', () => {
  it('matches every typed word anywhere in the name, ignoring case', () => {
    expect(filterMentionable(people, '').map((p) => p.userId)).toEqual(['p', 's', 'l']);
    expect(filterMentionable(people, 'SUP').map((p) => p.userId)).toEqual(['s']);
    expect(filterMentionable(people, 'lee le').map((p) => p.userId)).toEqual(['l']);
    expect(filterMentionable(people, 'zed')).toEqual([]);
  });
});

describe('insertMention', () => {
  it('replaces what was typed with @Name and a space, the caret after it', () => {
    expect(insertMention('Hi @pri thanks', { start: 3, query: 'pri' }, 'Priya Practitioner')).toEqual({
      text: 'Hi @Priya Practitioner thanks',
      caret: 23,
    });
    expect(insertMention('@', { start: 0, query: '' }, 'Lee Lead')).toEqual({
      text: '@Lee Lead ',
      caret: 10,
    });
  });
});

describe('mentionsInText', () => {
  it('keeps only people still named in the text, once each', () => {
    const chosen = [
      { userId: 'p', name: 'Priya Practitioner' },
      { userId: 'l', name: 'Lee Lead' },
      { userId: 'p', name: 'Priya Practitioner' },
    ];
    expect(mentionsInText('@Priya Practitioner please look', chosen)).toEqual(['p']);
  });
});

describe('setAsideNotice', () => {
  it('names the people an internal comment will not mention', () => {
    expect(setAsideNotice([])).toBe('');
    expect(setAsideNotice([{ userId: 'f', name: 'Fiona Family' }])).toBe(
      'Fiona Family cannot read internal comments and will not be mentioned.',
    );
    expect(
      setAsideNotice([
        { userId: 'f', name: 'Fiona Family' },
        { userId: 'g', name: 'Gus Guest' },
        { userId: 'h', name: 'Hana Helper' },
      ]),
    ).toBe(
      'Fiona Family, Gus Guest and Hana Helper cannot read internal comments and will not be mentioned.',
    );
  });
});
