// Invoice messages and the Xero import write dates the Australian way; the formatter is shared.
export { dayMonthYear } from '../shared/dates';
