import type { FormField, FormSectionId } from './schemas';

/** CONTRACT: the fixed sections of the template-form editor, their names and icons (lucide names). */
export interface FormSection {
  id: FormSectionId;
  name: string;
  icon: string;
  /** Whether the section has an 'AI' button (all but participant-info, practitioner-info, signatures). */
  hasAi: boolean;
}
export const formSections: readonly FormSection[] = [];

/** The section a field belongs to, by its id prefix or a keyword in its id or name. */
export function sectionOfField(_field: Pick<FormField, 'id' | 'name' | 'type'>): FormSectionId {
  throw new Error('not implemented');
}

/** The non-empty sections in fixed order, each with its fields sorted by `order`. */
export function groupFieldsBySection(
  _fields: readonly FormField[],
): { section: FormSection; fields: FormField[] }[] {
  throw new Error('not implemented');
}
