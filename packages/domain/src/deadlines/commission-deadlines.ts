import type { ReportableCategory } from '../incidents/schemas';
import type { AustralianState } from '../time/catalogue';
import { addDays } from '../time/clock';
import { localDateTime } from '../time/timer';
import { addBusinessDays, addCalendarMonths, endOfLocalDay } from './local-days';

/**
 * The NDIS Quality and Safeguards Commission's deadlines, as pure functions of the dates a provider
 * records (issue 16 item 2; decision record 0024 gives each rule's source and the choices made where
 * the rules leave room). Each answers the due instant. A due date becomes the end of that local day in
 * the tenant's time zone (23:59:59.999); an elapsed period (24 hours) is counted in real hours, so a
 * daylight-saving change never moves it. Business days are Monday to Friday outside the whole-day
 * public holidays of the participant's state (date-holidays, via time/holidays.ts).
 *
 * Dates are 'YYYY-MM-DD' in the tenant's calendar; `tz` is an IANA zone (tenants.time_zone).
 */

const hourMs = 60 * 60 * 1000;

/** Interim plan: within 1 month after the specialist behaviour support provider is engaged (RP&BS Rules s 19(2)(a)). */
export const interimPlanMonths = 1;
/** Comprehensive plan: within 6 months after being engaged (RP&BS Rules s 19(2)(b)). */
export const comprehensivePlanMonths = 6;
/** Review: at least every 12 months (RP&BS Rules s 22). */
export const planReviewMonths = 12;
/**
 * Review after a change in the participant's needs: the Rules require a review when circumstances
 * change but give no period; Wattle allows 1 month, the period the Rules give for an interim plan
 * when a new need arises (decision record 0024).
 */
export const needsChangeReviewMonths = 1;
/** Reportable incident notification: 24 hours after key personnel become aware. */
export const incidentNotificationHours = 24;
/** The 5-business-day notification, the 5-day report and the monthly RP report: 5 business days. */
export const reportBusinessDays = 5;

/**
 * The reportable categories the Commission allows 5 business days to notify instead of 24 hours: the
 * use of a restrictive practice not in accordance with an authorisation or behaviour support plan,
 * when it did not cause harm (one that caused harm is notified in 24 hours; see `causedHarm`).
 */
export const fiveBusinessDayCategories: readonly ReportableCategory[] = ['unauthorised-restrictive-practice'];

/** The interim behaviour support plan is due 1 calendar month after engagement (31 Jan → 28/29 Feb). */
export function interimPlanDue(engagedOn: string, tz: string): Date {
  return endOfLocalDay(addCalendarMonths(engagedOn, interimPlanMonths), tz);
}

/** The comprehensive behaviour support plan is due 6 calendar months after engagement. */
export function comprehensivePlanDue(engagedOn: string, tz: string): Date {
  return endOfLocalDay(addCalendarMonths(engagedOn, comprehensivePlanMonths), tz);
}

/**
 * A plan's review is due 12 months after its approval or, when the participant's needs changed on or
 * after that approval, 1 month after the change, whichever comes first. A change recorded before the
 * approval was already answered by the approved version, so it does not count.
 */
export function planReviewDue(approvedOn: string, needsChangedOn: string | null, tz: string): Date {
  const periodic = addCalendarMonths(approvedOn, planReviewMonths);
  const afterChange =
    needsChangedOn !== null && needsChangedOn >= approvedOn
      ? addCalendarMonths(needsChangedOn, needsChangeReviewMonths)
      : null;
  return endOfLocalDay(afterChange !== null && afterChange < periodic ? afterChange : periodic, tz);
}

/** The end of the `reportBusinessDays`-th business day after the local date of `at` in `tz`. */
function fiveBusinessDaysAfter(at: Date, state: AustralianState, tz: string): Date {
  const awareOn = localDateTime(at, tz).date;
  return endOfLocalDay(addBusinessDays(state, awareOn, reportBusinessDays), tz);
}

/**
 * When a reportable incident must be notified to the Commission: 24 elapsed hours after a key worker
 * became aware, or, for a category in `fiveBusinessDayCategories` that caused no harm, the end of the
 * 5th business day of `state` after the day of awareness (that day itself does not count).
 */
export function incidentNotificationDue(
  awareAt: Date,
  category: ReportableCategory,
  state: AustralianState,
  tz: string,
  options: { causedHarm?: boolean } = {},
): Date {
  if (fiveBusinessDayCategories.includes(category) && !options.causedHarm) {
    return fiveBusinessDaysAfter(awareAt, state, tz);
  }
  return new Date(awareAt.getTime() + incidentNotificationHours * hourMs);
}

/** The 5-day report: the end of the 5th business day of `state` after the day a key worker became aware. */
export function incidentFiveDayReportDue(awareAt: Date, state: AustralianState, tz: string): Date {
  return fiveBusinessDaysAfter(awareAt, state, tz);
}

/**
 * A month's restrictive practice report ('YYYY-MM'): within 5 business days after the month ends
 * (RP&BS Rules s 14(1)(a) requires monthly reports; the Commission opens a month's report on the
 * 1st of the next month and asks for it within 5 business days), i.e. the end of the 5th business
 * day of `state` in the next month.
 */
export function restrictivePracticeReportDue(month: string, state: AustralianState, tz: string): Date {
  const monthEnd = addDays(addCalendarMonths(`${month}-01`, 1), -1);
  return endOfLocalDay(addBusinessDays(state, monthEnd, reportBusinessDays), tz);
}
