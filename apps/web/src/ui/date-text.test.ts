import { describe, expect, it } from 'vitest';
import { fieldValueOf, isIsoDate, isoToDateText, parseDateText, parseTimeText } from './date-text';

const reference = new Date(2026, 4, 15);
const date = (text: string) => parseDateText(text, reference);

describe('parseDateText', () => {
  it.each([
    ['1/2/2026', '2026-02-01'],
    ['01/02/2026', '2026-02-01'],
    ['01-02-2026', '2026-02-01'],
    ['1.2.2026', '2026-02-01'],
    [' 1 / 2 / 2026 ', '2026-02-01'],
    ['01022026', '2026-02-01'],
    ['010226', '2026-02-01'],
    ['1/2/26', '2026-02-01'],
    ['1/2/99', '1999-02-01'],
    ['1 Feb 2026', '2026-02-01'],
    ['1 feb 2026', '2026-02-01'],
    ['1 February 2026', '2026-02-01'],
    ['1st February, 2026', '2026-02-01'],
    ['Sunday 1 February 2026', '2026-02-01'],
    ['1-Feb-26', '2026-02-01'],
    ['3 Sept 2026', '2026-09-03'],
    ['2026-02-01', '2026-02-01'],
    ['29/2/2028', '2028-02-29'],
    ['31/12/1900', '1900-12-31'],
  ])('reads %s as %s', (text, iso) => {
    expect(date(text)).toEqual({ kind: 'valid', value: iso });
  });

  it('reads the day first, never the month', () => {
    expect(date('12/01/2026')).toEqual({ kind: 'valid', value: '2026-01-12' });
    expect(date('13/01/2026')).toEqual({ kind: 'valid', value: '2026-01-13' });
    expect(date('01/13/2026')).toEqual({ kind: 'invalid' });
  });

  it.each([
    '31/02/2026',
    '29/2/2027',
    '32/1/2026',
    '0/1/2026',
    '1/2',
    '1/2/202',
    '1/2/20266',
    'tomorrow',
    '1 Fib 2026',
    '2026-13-01',
  ])('refuses %s', (text) => {
    expect(date(text)).toEqual({ kind: 'invalid' });
  });

  it('treats blank text as empty', () => {
    expect(date('')).toEqual({ kind: 'empty' });
    expect(date('   ')).toEqual({ kind: 'empty' });
  });
});

describe('parseTimeText', () => {
  it.each([
    ['09:30', '09:30'],
    ['9:30', '09:30'],
    ['0930', '09:30'],
    ['930', '09:30'],
    ['9.30', '09:30'],
    ['9', '09:00'],
    ['17:45', '17:45'],
    ['00:00', '00:00'],
    ['23:59', '23:59'],
    ['9:30 pm', '21:30'],
    ['9:30pm', '21:30'],
    ['9:30 PM', '21:30'],
    ['9pm', '21:00'],
    ['9 a.m.', '09:00'],
    ['12am', '00:00'],
    ['12:15 am', '00:15'],
    ['12pm', '12:00'],
    ['12:30 p', '12:30'],
  ])('reads %s as %s', (text, value) => {
    expect(parseTimeText(text)).toEqual({ kind: 'valid', value });
  });

  it.each(['24:00', '9:60', '13pm', '0pm', 'noon', '9:3', '12345', '9:30 xm'])('refuses %s', (text) => {
    expect(parseTimeText(text)).toEqual({ kind: 'invalid' });
  });

  it('treats blank text as empty', () => {
    expect(parseTimeText(' ')).toEqual({ kind: 'empty' });
  });
});

describe('shown and handed on', () => {
  it('shows a yyyy-mm-dd day as dd/mm/yyyy and leaves other text alone', () => {
    expect(isoToDateText('2026-02-01')).toBe('01/02/2026');
    expect(isoToDateText('0099-02-01')).toBe('01/02/0099');
    expect(isoToDateText('31/02/2026')).toBe('31/02/2026');
    expect(isoToDateText('')).toBe('');
  });

  it('knows a real yyyy-mm-dd day', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('01/02/2026')).toBe(false);
  });

  it('hands the form the value, nothing, or the text that is not a date', () => {
    expect(fieldValueOf({ kind: 'valid', value: '2026-02-01' }, '1/2/26')).toBe('2026-02-01');
    expect(fieldValueOf({ kind: 'empty' }, ' ')).toBe('');
    expect(fieldValueOf({ kind: 'invalid' }, '31/2')).toBe('31/2');
  });
});
