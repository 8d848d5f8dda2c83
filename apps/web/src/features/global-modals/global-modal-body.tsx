import { ClipboardListIcon, ClockIcon, type LucideIcon, SirenIcon, UserRoundPlusIcon } from 'lucide-react';
import type { GlobalModalName } from '@/lib/global-events';
import { LazyPartBoundary, LazyPartLoading, lazyPart } from '@/ui/lazy-part';
import { ComingLater } from './coming-later';

/** The global modals that open as a dialog (newBsp goes to a page instead). */
export type DialogModalName = Exclude<GlobalModalName, 'newBsp'>;

const TaxInvoiceEditor = lazyPart(() => import('./tax-invoice-editor'), 'TaxInvoiceEditor');

/** A new work item's panel with its default category (spec shell section 2: newTask, newIncident). */
function NewWorkItemPanel({ category, icon }: { category: 'Task' | 'Incident'; icon: LucideIcon }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        <span className="text-muted-foreground">Category: </span>
        <span className="font-medium" data-testid="new-work-item-category">
          {category}
        </span>
      </p>
      <ComingLater icon={icon} heading="Work cards arrive in a later release">
        {category === 'Task'
          ? 'This panel will create a task card on a team board from a compliance template: title, assignee, start and due dates, and the template’s fields.'
          : 'This panel will record an incident card on a team board with the incident template’s fields, ready for review and NDIS reporting.'}
      </ComingLater>
    </div>
  );
}

/**
 * What each global modal holds, below the title that global-modals.tsx shows. Its code loads when
 * a global modal first opens, so none of it weighs on the pages.
 */
export function GlobalModalBody({ name }: { name: DialogModalName }) {
  switch (name) {
    case 'taxInvoice':
      return (
        <LazyPartBoundary fallback={<LazyPartLoading />}>
          <TaxInvoiceEditor />
        </LazyPartBoundary>
      );
    case 'manualTimeEntry':
      return (
        <ComingLater icon={ClockIcon} heading="Time entries arrive in a later release">
          This form will record time worked for a participant by hand: date, start and end or duration, time
          code and notes.
        </ComingLater>
      );
    case 'addParticipant':
      return (
        <ComingLater icon={UserRoundPlusIcon} heading="Participant records arrive in a later release">
          This form will add a participant with their NDIS number, date of birth, goals and alerts, and link
          them to a care team.
        </ComingLater>
      );
    case 'newTask':
      return <NewWorkItemPanel category="Task" icon={ClipboardListIcon} />;
    case 'newIncident':
      return <NewWorkItemPanel category="Incident" icon={SirenIcon} />;
  }
}
