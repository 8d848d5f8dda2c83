import { plainText, storedFieldValueError } from '@wattle/domain/cards/compliance';
import { monthNames } from '@wattle/domain/shared/dates';
import type {
  FieldValue,
  FieldValues,
  FormField,
  FormTemplate,
  SignatureValue,
} from '@wattle/domain/templates/schemas';
import type { SignatureState } from '@wattle/domain/templates/signatures';
import { eq, sql } from 'drizzle-orm';
import { tenants } from '../../db/schema/tenants';
import { preparedOnce } from '../../db/with-tenant';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { sanitizeRichText } from './sanitize-rich-text';

/**
 * Field values as the server stores them: each id must belong to the card's template, text and
 * textarea values are rich text cleaned with the allow-list, and a value of the wrong shape is refused
 * (400) with the compliance engine's message. Minimum and maximum lengths and patterns are compliance
 * issues, not refusals, so a half-typed or over-long draft is always kept (storedFieldValueError).
 */
export function checkedFieldValues(template: FormTemplate | null, values: FieldValues): FieldValues {
  const fields = new Map<string, FormField>((template?.fields ?? []).map((f) => [f.id, f]));
  const checked: FieldValues = {};
  for (const [id, raw] of Object.entries(values)) {
    const field = fields.get(id);
    if (!field) {
      throw new AppError('VALIDATION_FAILED', `Unknown field "${id}"`, [
        { path: ['fieldValues', id], message: `Unknown field "${id}"` },
      ]);
    }
    const value: FieldValue =
      typeof raw === 'string' && (field.type === 'text' || field.type === 'textarea')
        ? sanitizeRichText(raw)
        : raw;
    const message = value === null ? null : storedFieldValueError(field, value);
    if (message) {
      throw new AppError('VALIDATION_FAILED', message, [{ path: ['fieldValues', id], message }]);
    }
    checked[id] = value;
  }
  return checked;
}

/** A template's default values, for a new card. */
export function defaultFieldValues(template: FormTemplate | null): FieldValues {
  const values: FieldValues = {};
  for (const field of template?.fields ?? []) {
    if (field.defaultValue !== undefined) values[field.id] = field.defaultValue;
  }
  return values;
}

/**
 * A value as the audit log keeps it: a signature without its image (who signed, in what role, who
 * captured it, when, the hash of what it signed and, given `state`, whether it matches the form
 * then; the drawing is on the card).
 */
export function auditValue(value: unknown, state?: SignatureState): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'signerName' in value) {
    const signature = value as Partial<SignatureValue>;
    return {
      kind: signature.kind,
      signerName: signature.signerName,
      signedAt: signature.signedAt,
      ...(signature.recordedBy ? { recordedBy: signature.recordedBy } : {}),
      ...(signature.valuesHash ? { valuesHash: signature.valuesHash } : {}),
      ...(state ? { state } : {}),
    };
  }
  return value ?? null;
}

/** Two stored values are the same when their JSON is. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function valueText(value: FieldValue | undefined): string {
  if (value === null || value === undefined || typeof value === 'boolean') return '';
  if (typeof value === 'string') return value.includes('<') || value.includes('&') ? plainText(value) : value;
  if (Array.isArray(value)) return value.join(' ');
  return value.typed ? `${value.typed} ${value.signerName}` : value.signerName;
}

/**
 * The format of the text `buildSearchText` writes. Raise it whenever that text changes: each tenant
 * records the format its cards have (`tenants.search_text_version`), and the server rebuilds the
 * cards of every tenant that is behind when it starts (rebuild-search-text.ts).
 * 1: dates also as the page shows them ('6 Sept 2031') and with the month's full name; field
 *    values in the order of their ids.
 */
export const searchTextVersion = 1;

/**
 * The lower-cased text a card search matches (DESIGN.md section 3): work item id, title,
 * description, assignee name, due and created dates, and the visible text of every field value.
 */
export function buildSearchText(card: {
  workItemId: string;
  title: string;
  description: string;
  assigneeName: string | null;
  dueDate: string | null;
  createdDate: string;
  fieldValues: FieldValues;
}): string {
  return [
    card.workItemId,
    card.title,
    card.description,
    card.assigneeName ?? '',
    searchableDate(card.dueDate),
    searchableDate(card.createdDate),
    // In the order of the field ids, not of the object: the stored (jsonb) values come back in
    // another order than a save builds them, and a rebuild should find the same text.
    ...Object.keys(card.fieldValues)
      .sort()
      .map((id) => valueText(card.fieldValues[id])),
  ]
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

/**
 * Months as the web writes dates (en-AU, `formatCalendarDate` in the web's cards area: '6 Sept
 * 2031'), and in full. Fixed here rather than asked of Intl, so that search text does not change
 * with the ICU version of the server (older ones write 'Sep'; 'sep' is found in 'sept' anyway).
 */
const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * A date as people type it into a search: the ISO form (2031-09-06), the Australian day-first
 * forms, short and padded (6/9/2031, 06/09/2031), the form the page shows (6 Sept 2031) and the
 * month in full (6 September 2031); each form once.
 */
export function searchableDate(iso: string | null): string {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  if (!match) return iso ?? '';
  const [, year, month, day] = match as unknown as [string, string, string, string];
  const forms = [
    iso,
    `${Number(day)}/${Number(month)}/${year}`,
    `${day}/${month}/${year}`,
    `${Number(day)} ${shortMonths[Number(month) - 1]} ${year}`,
    `${Number(day)} ${monthNames[Number(month) - 1]} ${year}`,
  ];
  return [...new Set(forms)].join(' ');
}

/** Today's date (yyyy-mm-dd) in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return dateFormatIn(timeZone).format(now);
}

// Building an Intl.DateTimeFormat costs far more than using one, and every card save needs one.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as yyyy-mm-dd.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  return format;
}

/** A yyyy-mm-dd date plus whole days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** The tenant's time zone, which decides "today" (DESIGN.md section 3). */
export async function tenantTimeZone(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'> & Partial<Pick<TenantContext, 'timeZone'>>,
): Promise<string> {
  // A request's context has it from the access check; a job's scope reads it.
  if (ctx.timeZone) return ctx.timeZone;
  // Every card save asks: built once per connection.
  const [tenant] = await preparedOnce(ctx.tx, 'wattle_tenant_time_zone', (tx) =>
    tx
      .select({ timeZone: tenants.timeZone })
      .from(tenants)
      .where(eq(tenants.id, sql.placeholder('tenantId')))
      .prepare('wattle_tenant_time_zone'),
  ).execute({ tenantId: ctx.tenantId });
  return tenant?.timeZone ?? 'Australia/Sydney';
}

/** The tenant's "today" (yyyy-mm-dd in its time zone). */
export async function tenantToday(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'> & Partial<Pick<TenantContext, 'timeZone'>>,
  now = new Date(),
): Promise<string> {
  return todayIn(await tenantTimeZone(ctx), now);
}
