import {
  type Card,
  type CardCategory,
  CardCategorySchema,
  type CardStatus,
  CardStatusSchema,
  type CardType,
  type CreateCardInput,
  type PatchCardInput,
  PrioritySchema,
} from '@wattle/domain/cards/schemas';
import { workflowSteps } from '@wattle/domain/cards/workflow';
import { z } from 'zod';

/**
 * The values of the Edit Card side panel (spec work section 2: title, description, assignedTo,
 * status, priority, dueDate, category; in create mode also the team and the template), and the pure
 * rules between them and the API: what changed, the PATCH and the POST they make.
 */

/** Empty strings stand for "none" in the form's selects and date input. */
export interface EditCardValues {
  title: string;
  description: string;
  assigneeId: string;
  status: CardStatus;
  priority: z.infer<typeof PrioritySchema>;
  dueDate: string;
  category: CardCategory | '';
  teamId: string;
  templateId: string;
}

const dateOrEmpty = z.union([z.literal(''), z.iso.date('Enter a date as dd/mm/yyyy')]);

/** The panel's checks (spec work section 5 "Edit card: title required"); the server checks again. */
export const EditCardValuesSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title must be no more than 200 characters'),
  description: z.string().max(5000, 'Description must be no more than 5000 characters'),
  assigneeId: z.string(),
  status: CardStatusSchema,
  priority: PrioritySchema,
  dueDate: dateOrEmpty,
  category: z.union([z.literal(''), CardCategorySchema]),
  teamId: z.string(),
  templateId: z.string(),
});

/** Create mode also needs the team the card goes to. */
export const NewCardValuesSchema = EditCardValuesSchema.extend({
  teamId: z.string().min(1, 'Choose a team'),
});

/** The fields a PATCH sends for an existing card (the team and template of a card do not change here). */
export const editedCardKeys = [
  'title',
  'description',
  'assigneeId',
  'status',
  'priority',
  'dueDate',
  'category',
] as const satisfies readonly (keyof EditCardValues)[];
export type EditedCardKey = (typeof editedCardKeys)[number];

const allKeys = [
  ...editedCardKeys,
  'teamId',
  'templateId',
] as const satisfies readonly (keyof EditCardValues)[];

export function valuesOfCard(card: Card): EditCardValues {
  return {
    title: card.title,
    description: card.description,
    assigneeId: card.assigneeId ?? '',
    status: card.status,
    priority: card.priority,
    dueDate: card.dueDate ?? '',
    category: card.category ?? '',
    teamId: card.teamId,
    templateId: card.templateId ?? '',
  };
}

/** A new card's starting values: draft, priority medium (spec work section 4), no due date chosen. */
export function newCardValues(defaults: {
  teamId?: string;
  category?: CardCategory | null;
  templateId?: string | null;
}): EditCardValues {
  return {
    title: '',
    description: '',
    assigneeId: '',
    status: 'draft',
    priority: 'medium',
    dueDate: '',
    category: defaults.category ?? '',
    teamId: defaults.teamId ?? '',
    templateId: defaults.templateId ?? '',
  };
}

/**
 * The fields whose value differs from the original: the panel is dirty while this is not empty
 * (spec work section 4 "Dirty tracking"). Create mode compares the team and template too.
 */
export function changedKeys(
  original: EditCardValues,
  values: Partial<EditCardValues>,
  mode: 'edit' | 'create',
): (keyof EditCardValues)[] {
  const keys = mode === 'create' ? allKeys : editedCardKeys;
  return keys.filter((key) => values[key] !== undefined && values[key] !== original[key]);
}

/** The PATCH body (without the version) of the fields that changed. */
export function patchOfChanges(
  original: EditCardValues,
  values: EditCardValues,
): Omit<PatchCardInput, 'version'> {
  const patch: Omit<PatchCardInput, 'version'> = {};
  for (const key of changedKeys(original, values, 'edit') as EditedCardKey[]) {
    switch (key) {
      case 'title':
        patch.title = values.title.trim();
        break;
      case 'description':
        patch.description = values.description;
        break;
      case 'assigneeId':
        patch.assigneeId = values.assigneeId || null;
        break;
      case 'status':
        patch.status = values.status;
        break;
      case 'priority':
        patch.priority = values.priority;
        break;
      case 'dueDate':
        patch.dueDate = values.dueDate || null;
        break;
      case 'category':
        patch.category = values.category || null;
        break;
    }
  }
  return patch;
}

/**
 * The PATCHes that save a change, in order: the card's fields first, then a status move on its own
 * (a move is always allowed to be sent alone, and a move to review checks the fields just saved).
 */
export function patchSteps(patch: Omit<PatchCardInput, 'version'>): Omit<PatchCardInput, 'version'>[] {
  const { status, ...fields } = patch;
  const steps: Omit<PatchCardInput, 'version'>[] = [];
  if (Object.keys(fields).length > 0) steps.push(fields);
  if (status !== undefined) steps.push({ status });
  return steps;
}

/**
 * The POST body of a new card. An empty due date is left out so the server sets today plus the
 * template's estimated duration; no template chosen sends null (the server may still find one from
 * the title's keywords, spec work section 3).
 */
export function createInputOf(values: EditCardValues, type?: CardType): CreateCardInput {
  return {
    teamId: values.teamId,
    title: values.title.trim(),
    description: values.description,
    ...(type ? { type } : {}),
    templateId: values.templateId || null,
    assigneeId: values.assigneeId || null,
    priority: values.priority,
    category: values.category || null,
    ...(values.dueDate ? { dueDate: values.dueDate } : {}),
  };
}

/** The Status select's choices: the current status and the moves the workflow allows from it. */
export function statusChoices(current: CardStatus): CardStatus[] {
  const step = workflowSteps.find((candidate) => candidate.status === current);
  return [current, ...(step?.next ?? [])];
}

/**
 * Values after a save: the server's answer, except fields the user changed again while it was being
 * sent, which keep the newer value.
 */
export function valuesAfterSave(
  saved: EditCardValues,
  sent: EditCardValues,
  current: EditCardValues,
): EditCardValues {
  const next = { ...saved };
  for (const key of allKeys) {
    if (current[key] !== sent[key]) (next as Record<string, string>)[key] = current[key];
  }
  return next;
}
