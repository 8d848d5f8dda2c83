import { ClockIcon } from 'lucide-react';
import type { GlobalModalName } from '@/lib/global-events';
import { LazyPartBoundary, LazyPartLoading, lazyPart } from '@/ui/lazy-part';
import { ComingLater } from './coming-later';

/**
 * The global modals that open as a dialog. newBsp goes to a page instead, and newTask and newIncident
 * open the Edit Card side panel (global-modals.tsx, features/cards/edit-card-panel.tsx).
 */
export type DialogModalName = Exclude<GlobalModalName, 'newBsp' | 'newTask' | 'newIncident'>;

const TaxInvoiceEditor = lazyPart(() => import('./tax-invoice-editor'), 'TaxInvoiceEditor');
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
        <LazyPartBoundary fallback={<LazyPartLoading />}>
          <AddParticipantModalBody onClose={onClose} />
        </LazyPartBoundary>
      );
  }
}
