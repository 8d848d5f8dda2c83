/**
 * The period shortcuts of the audit pack form: calendar quarters (Jan–Mar, Apr–Jun, Jul–Sep, Oct–Dec),
 * labelled with the Australian financial year they fall in (which starts on 1 July), as providers
 * and auditors speak of them ("Q1 FY2026–27" is Jul–Sep 2026).
 */
export interface QuarterPeriod {
  /** e.g. 'Jul–Sep 2026 (Q1 FY2026–27)' */
  label: string;
  from: string;
  to: string;
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/** The quarter holding `date` (yyyy-mm-dd), `back` quarters earlier. */
export function quarterOf(date: string, back = 0): QuarterPeriod {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  let index = year * 4 + Math.floor((month - 1) / 3) - back;
  const y = Math.floor(index / 4);
  index -= y * 4;
  const firstMonth = index * 3 + 1;
  const lastMonth = firstMonth + 2;
  // The financial year starts in July: Jul–Sep is its first quarter.
  const fyStart = firstMonth >= 7 ? y : y - 1;
  const fyQuarter = ((index + 2) % 4) + 1;
  return {
    label: `${monthNames[firstMonth - 1]}–${monthNames[lastMonth - 1]} ${y} (Q${fyQuarter} FY${fyStart}–${String(fyStart + 1).slice(2)})`,
    from: `${y}-${pad(firstMonth)}-01`,
    to: `${y}-${pad(lastMonth)}-${pad(lastDay(y, lastMonth))}`,
  };
}

/** The current quarter and the `count - 1` before it, newest first. */
export function recentQuarters(today: string, count = 4): QuarterPeriod[] {
  return Array.from({ length: count }, (_, back) => quarterOf(today, back));
}
