/**
 * What Quick Add's New Task and New Incident create (spec shell section 2, global modal opener).
 * Plain data, no card code: the shell reads the titles while the panel itself loads on demand.
 */
export type NewWorkItemKind = 'newTask' | 'newIncident';

export const newWorkItemPanels = {
  newTask: {
    title: 'New Task',
    description: 'Create a work item for a team.',
    type: 'task',
    category: 'plan',
    templateId: null,
  },
  newIncident: {
    title: 'New Incident',
    description: 'Record an incident for a team.',
    type: 'incident',
    category: 'incident',
    templateId: 'incident-report',
  },
} as const satisfies Record<
  NewWorkItemKind,
  {
    title: string;
    description: string;
    type: 'task' | 'incident';
    category: 'plan' | 'incident';
    templateId: string | null;
  }
>;

export function isNewWorkItemKind(name: string): name is NewWorkItemKind {
  return name === 'newTask' || name === 'newIncident';
}
