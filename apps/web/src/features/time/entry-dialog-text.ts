/**
 * The Add Manual Time Entry dialog's title and line (spec work section 2), shared by the timesheet's
 * dialog and the Quick Add modal; a module of its own so the shell's modal host stays light.
 */
export const addEntryDialogText = {
  title: 'Add Manual Time Entry',
  description: 'Record time worked without the timer.',
} as const;
