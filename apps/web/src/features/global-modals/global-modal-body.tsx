import type { GlobalModalName } from '@/lib/global-events';
import { LazyPartBoundary, LazyPartLoading, lazyPart } from '@/ui/lazy-part';

/**
 * The global modals that open as a dialog. newBsp goes to a page instead, and newTask and newIncident
 * open the Edit Card side panel (global-modals.tsx, features/cards/edit-card-panel.tsx).
 */
export type DialogModalName = Exclude<GlobalModalName, 'newBsp' | 'newTask' | 'newIncident'>;

const TaxInvoiceEditor = lazyPart(() => import('./tax-invoice-editor'), 'TaxInvoiceEditor');
const ManualTimeEntryBody = lazyPart(
  () => import('@/features/time/manual-time-entry-body'),
  'ManualTimeEntryBody',
);
const AddParticipantModalBody = lazyPart(
  () => import('@/features/participants/add-participant-modal-body'),
  'AddParticipantModalBody',
);

/**
 * What each global modal holds, below the title that global-modals.tsx shows. Its code loads when
 * a global modal first opens, so none of it weighs on the pages.
 */
export function GlobalModalBody({ name, onClose }: { name: DialogModalName; onClose: () => void }) {
  switch (name) {
    case 'taxInvoice':
      return (
        <LazyPartBoundary fallback={<LazyPartLoading />}>
          <TaxInvoiceEditor onClose={onClose} />
        </LazyPartBoundary>
      );
    case 'manualTimeEntry':
      return (
        <LazyPartBoundary fallback={<LazyPartLoading />}>
          <ManualTimeEntryBody onClose={onClose} />
        </LazyPartBoundary>
      );
    case 'addParticipant':
      return (
        <LazyPartBoundary fallback={<LazyPartLoading />}>
          <AddParticipantModalBody onClose={onClose} />
        </LazyPartBoundary>
      );
  }
}
