import {
  type CardStatus,
  cardStateLabels,
  type NdisStatus,
  ndisStatusLabels,
  type Priority,
  priorityLabels,
} from '@wattle/domain/cards/constants';
import { cardStatusLabels, isStatusEditable, nextStatuses } from '@wattle/domain/cards/workflow';
import type { FormTemplate, SignatureValue } from '@wattle/domain/templates/schemas';
import {
  type SignatureState,
  signatureByline,
  signatureStateLabels,
} from '@wattle/domain/templates/signatures';
import { formatDayMonthTime } from '../../ui/date-text';

/**
 * Words and formats of the card page (labels of statuses and fields, workflow buttons, values shown
 * in the audit trail and the conflict alert). Plain functions, no React, so they are unit-tested.
 */

/** The button that makes each workflow move (decision 0009). */
const moveLabels: Record<string, string> = {
  'draft>in-progress': 'Start work',
  'in-progress>pending-review': 'Submit for review',
  'pending-review>approved': 'Approve',
  'approved>archived': 'Archive',
  'pending-review>in-progress': 'Back to in progress',
  'in-progress>draft': 'Back to draft',
};

export interface WorkflowMove {
  to: CardStatus;
  label: string;
  /** A move back, shown less prominently. */
  isBack: boolean;
}

/** The moves the workflow allows from a status, forward moves first. */
export function workflowMoves(status: CardStatus): WorkflowMove[] {
  return nextStatuses(status)
    .map((to) => {
      const isBack = to === 'draft' || (status === 'pending-review' && to === 'in-progress');
      return { to, label: moveLabels[`${status}>${to}`] ?? `Move to ${cardStatusLabels[to]}`, isBack };
    })
    .sort((a, b) => Number(a.isBack) - Number(b.isBack));
}

/** Why a card's fields cannot be changed now, or null when they can. */
export function lockedMessage(status: CardStatus): string | null {
  if (isStatusEditable(status)) return null;
  if (status === 'pending-review') {
    return 'This card is pending review and can no longer be edited. Move it back to in progress first.';
  }
  return `This card is ${cardStatusLabels[status].toLowerCase()} and can no longer be edited.`;
}

const cardFieldLabels: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  participantId: 'Participant',
  assigneeId: 'Assignee',
  status: 'Status',
  state: 'State',
  ndisStatus: 'NDIS Status',
  workflowStateId: 'Workflow column',
  priority: 'Priority',
  category: 'Category',
  startDate: 'Start',
  dueDate: 'Due',
  tags: 'Tags',
  billable: 'Billable',
  estimatedAmountCents: 'Est. Amount',
  templateId: 'Template',
  type: 'Card Type',
};

function humanise(id: string): string {
  return id
    .split('-')
    .filter(Boolean)
    .map((word, index) => (index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(' ');
}

/** 'Title', 'NDIS Status', or a form field's name ('Participant Name') for `fieldValues.<id>`. */
export function fieldLabel(key: string, template?: FormTemplate | null): string {
  if (key.startsWith('fieldValues.')) {
    const id = key.slice('fieldValues.'.length);
    return template?.fields.find((field) => field.id === id)?.name ?? humanise(id);
  }
  return cardFieldLabels[key] ?? humanise(key);
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

/** The visible text of rich-text HTML, on one line. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[1-6]|\/blockquote|\/pre)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_match, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Dollars from cents: 12050 → '120.50'. */
export function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Cents from what a person types as dollars ('120', '120.5', '$1,200.50'); null when it is not an amount. */
export function parseDollars(text: string): number | null {
  const bare = text.replace(/[$,\s]/g, '');
  if (bare === '') return 0;
  if (!/^\d+(\.\d{0,2})?$/.test(bare)) return null;
  const [whole = '0', fraction = ''] = bare.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const maxShown = 140;

/** A value of a card or form field as one short line for people (the audit trail, the conflict alert). */
export function formatValue(
  key: string,
  value: unknown,
  nameOf?: (userId: string) => string | undefined,
): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  let text: string;
  if (typeof value === 'boolean') text = value ? 'Yes' : 'No';
  else if (Array.isArray(value)) text = value.length === 0 ? '(none)' : value.map(String).join(', ');
  else if (typeof value === 'object') {
    text = signatureText(value) ?? JSON.stringify(value);
  } else if (key === 'estimatedAmountCents' && typeof value === 'number') text = `$${dollars(value)}`;
  else if (key === 'status' && typeof value === 'string' && value in cardStatusLabels) {
    text = cardStatusLabels[value as CardStatus];
  } else if (key === 'state' && typeof value === 'string' && value in cardStateLabels) {
    text = cardStateLabels[value as keyof typeof cardStateLabels];
  } else if (key === 'ndisStatus' && typeof value === 'string' && value in ndisStatusLabels) {
    text = ndisStatusLabels[value as NdisStatus];
  } else if (key === 'priority' && typeof value === 'string' && value in priorityLabels) {
    text = priorityLabels[value as Priority];
  } else if (key === 'assigneeId' && typeof value === 'string') text = nameOf?.(value) ?? value;
  else if (key.startsWith('fieldValues.') && typeof value === 'string') text = htmlToText(value) || '(empty)';
  else text = String(value);
  return text.length > maxShown ? `${text.slice(0, maxShown - 1)}…` : text;
}

const actionLabels: Record<string, string> = {
  created: 'Created',
  updated: 'Updated',
  undo: 'Undo',
  deleted: 'Deleted',
  'status-changed': 'Status changed',
  exported: 'Exported PDF',
};

/** An audit entry's action for people: 'Created', 'Undo', 'Status changed'. */
export function auditActionLabel(action: string): string {
  return actionLabels[action] ?? action.charAt(0).toUpperCase() + action.slice(1).replace(/-/g, ' ');
}

/**
 * A signature as the audit trail keeps it (no image): who signed, in what role, who captured it,
 * when, and whether it matched the form then (decision 0021). null when the value is no signature.
 */
function signatureText(value: object): string | null {
  const signature = value as Partial<SignatureValue> & { state?: SignatureState };
  if (typeof signature.signerName !== 'string') return null;
  const at = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : formatDayMonthTime(date);
  };
  const byline = signatureByline(signature as SignatureValue, at);
  const state =
    signature.state && signature.state in signatureStateLabels ? signatureStateLabels[signature.state] : null;
  return state ? `${byline} · ${state}` : byline;
}
