import { findBuiltInTemplate } from '@wattle/domain/templates/built-in-templates';
import type { FieldValues } from '@wattle/domain/templates/schemas';

/**
 * A valid value for every required field of a built-in plan template, for Jordan Lee, with its
 * signatures typed by Priya Practitioner (who must be the one signed in: signatures are bound to the
 * signer, decision 0021).
 */
export function completePlanValues(templateId: string): FieldValues {
  const template = findBuiltInTemplate(templateId)!;
  const values: FieldValues = {};
  for (const field of template.fields) {
    if (!field.required) continue;
    const min = field.validation?.minLength ?? 0;
    const text = `Value for ${field.name}. `
      .repeat(Math.ceil((min + 1) / 20))
      .slice(0, Math.max(min + 5, 20));
    if (field.type === 'date') values[field.id] = '2026-01-15';
    else if (field.type === 'checkbox') values[field.id] = true;
    else if (field.type === 'select') values[field.id] = field.options![0]!;
    else if (field.type === 'multi-select') values[field.id] = [field.options![0]!];
    else if (field.type === 'signature')
      values[field.id] = { kind: 'typed', typed: 'Priya Practitioner', signerName: 'Priya Practitioner' };
    else if (field.id === 'participant-ndis') values[field.id] = '430123456';
    else if (field.id === 'participant-name') values[field.id] = 'Jordan Lee';
    else values[field.id] = `<p>${text}</p>`;
  }
  return values;
}
