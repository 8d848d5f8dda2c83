import { z } from 'zod';

export const WorkflowStateSchema = z.object({
  id: z.string().min(1).max(40),
  name: z.string().min(1).max(60),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  order: z.number().int().min(0),
  isEditable: z.boolean(),
});
export type WorkflowState = z.infer<typeof WorkflowStateSchema>;

/** A new team's workflow (spec shell section 4): order 3 is left unused, and done cannot be edited. */
export const defaultWorkflowStates: readonly WorkflowState[] = [
  { id: 'todo', name: 'To Do', color: '#64748b', order: 1, isEditable: true },
  { id: 'in-progress', name: 'In Progress', color: '#3b82f6', order: 2, isEditable: true },
  { id: 'done', name: 'Done', color: '#10b981', order: 4, isEditable: false },
];
