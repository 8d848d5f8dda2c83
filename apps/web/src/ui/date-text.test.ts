import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  dateToIso,
  fieldValueOf,
  formatDayMonthTime,
  formatLongDate,
  formatTimeWithSeconds,
  isIsoDate,
  isoToDateText,
  parseDateText,
  parseTimeText,
} from './date-text';

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

describe('parseDateText without date-fns', () => {
  it.each([
    // Two-digit years: within 50 years of the reference year (2026: 1976 to 2075).
    ['1/2/75', '2075-02-01'],
    ['1/2/76', '1976-02-01'],
    ['1/2/00', '2000-02-01'],
    ['010275', '2075-02-01'],
    ['1 Feb 76', '1976-02-01'],
    // Four digits are the year as written.
    ['1/2/0099', '0099-02-01'],
    ['1/2/1776', '1776-02-01'],
    // 29 February in leap years only (every 4 years, not centuries, but every 400).
    ['29/2/2024', '2024-02-29'],
    ['29/2/2000', '2000-02-29'],
    ['29 Feb 28', '2028-02-29'],
    ['29022032', '2032-02-29'],
    // Month names, full or three letters, any case.
    ['5 JAN 2026', '2026-01-05'],
    ['5 january 2026', '2026-01-05'],
    ['5 Mar 2026', '2026-03-05'],
    ['5 April 2026', '2026-04-05'],
    ['5 May 2026', '2026-05-05'],
    ['5 June 2026', '2026-06-05'],
    ['5 jul 2026', '2026-07-05'],
    ['5 August 26', '2026-08-05'],
    ['5 September 2026', '2026-09-05'],
    ['5 Oct 2026', '2026-10-05'],
    ['5 November 2026', '2026-11-05'],
    ['31 Dec 2026', '2026-12-31'],
    ['2026/2/1', '2026-02-01'],
  ])('reads %s as %s', (text, iso) => {
    expect(date(text)).toEqual({ kind: 'valid', value: iso });
  });

  it('reads two-digit years near another reference year', () => {
    const in1990 = new Date(1990, 0, 1);
    expect(parseDateText('1/2/39', in1990)).toEqual({ kind: 'valid', value: '2039-02-01' });
    expect(parseDateText('1/2/40', in1990)).toEqual({ kind: 'valid', value: '1940-02-01' });
    const in2080 = new Date(2080, 0, 1);
    expect(parseDateText('1/2/29', in2080)).toEqual({ kind: 'valid', value: '2129-02-01' });
    expect(parseDateText('1/2/30', in2080)).toEqual({ kind: 'valid', value: '2030-02-01' });
  });

  it.each([
    '29/2/2100',
    '29/2/1900',
    '29 Feb 27',
    '29022026',
    '30/2/2028',
    '1/2/0000',
    '1 Febr 2026',
    '1 Jun 2026x',
    '1 Junee 2026',
    '31 Apr 2026',
    '1/13/26',
    '1/0/2026',
    '2026/13/1',
  ])('refuses %s', (text) => {
    expect(date(text)).toEqual({ kind: 'invalid' });
  });
});

describe('date and time text as date-fns wrote it', () => {
  // Every month, both halves of the day, midnight and noon, one-digit days and hours.
  const moments = [
    new Date(2026, 0, 1, 0, 0, 0),
    new Date(2026, 1, 5, 12, 7, 9),
    new Date(2026, 2, 9, 11, 59, 59),
    new Date(2026, 3, 10, 13, 0, 5),
    new Date(2026, 4, 15, 23, 45, 30),
    new Date(2026, 5, 30, 9, 5, 0),
    new Date(2026, 6, 4, 21, 30, 0),
    new Date(2026, 7, 31, 0, 30, 1),
    new Date(2026, 8, 3, 15, 15, 15),
    new Date(2026, 9, 20, 6, 0, 0),
    new Date(2026, 10, 28, 18, 9, 0),
    new Date(2026, 11, 31, 12, 0, 0),
    new Date(1999, 11, 31, 23, 59, 59),
  ];

  it.each(moments)('writes %s as date-fns does', (moment) => {
    expect(formatDayMonthTime(moment)).toBe(format(moment, 'd MMM yyyy, h:mm a'));
    expect(formatLongDate(moment)).toBe(format(moment, 'd MMMM yyyy'));
    expect(formatTimeWithSeconds(moment)).toBe(format(moment, 'h:mm:ss aaa'));
    expect(dateToIso(moment)).toBe(format(moment, 'yyyy-MM-dd'));
    expect(isoToDateText(dateToIso(moment))).toBe(format(moment, 'dd/MM/yyyy'));
  });

  it('writes the examples the page shows', () => {
    const at = new Date(2026, 1, 5, 15, 7, 9);
    expect(formatDayMonthTime(at)).toBe('5 Feb 2026, 3:07 PM');
    expect(formatLongDate(at)).toBe('5 February 2026');
    expect(formatTimeWithSeconds(at)).toBe('3:07:09 pm');
  });
});
