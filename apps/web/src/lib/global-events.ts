// CONTRACT (issue 3, search/shortcuts helper fills this in): app-wide events by name.

/** Global modals by event name (spec shell section 2, "Global modal opener"). */
export type GlobalModalName =
  | 'taxInvoice'
  | 'manualTimeEntry'
  | 'addParticipant'
  | 'newTask'
  | 'newIncident'
  | 'newBsp';

export function openGlobalModal(_name: GlobalModalName): void {}

export function openGlobalSearch(): void {}
