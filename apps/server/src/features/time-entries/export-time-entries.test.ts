import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './export-time-entries';

describe('neutraliseFormula', () => {
  it('prefixes what a spreadsheet would run as a formula', () => {
    for (const value of ['=SUM(A1:A2)', '+61 400', '-2+3', '@cmd', '\t=1', '\r=1']) {
      expect(neutraliseFormula(value)).toBe(`'${value}`);
    }
  });

  it('leaves ordinary text, numbers and empty cells alone', () => {
    for (const value of ['Community outing', '2026-11-14', '68.45', '', "Jordan's swim"]) {
      expect(neutraliseFormula(value)).toBe(value);
    }
  });
});
