import type { FormTemplate } from './schemas';

/** CONTRACT (filled in by the domain work): the eight built-in templates of spec work section 3. */
export const builtInTemplates: readonly FormTemplate[] = [];

export function findBuiltInTemplate(id: string): FormTemplate | undefined {
  return builtInTemplates.find((t) => t.id === id);
}
