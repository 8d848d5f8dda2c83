import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  type DialogSize,
  DialogTitle,
} from '@/ui/dialog';
import { LazyPartBoundary, LazyPartLoading, lazyPart } from '@/ui/lazy-part';
import type { DialogModalName } from './global-modal-body';
import { LoadingCardSheet } from './loading-card-sheet';
import { type NewWorkItemKind, newWorkItemPanels } from './new-work-item-kinds';

const GlobalModalBody = lazyPart(() => import('./global-modal-body'), 'GlobalModalBody');
const EditCardPanel = lazyPart(() => import('@/features/cards/edit-card-panel'), 'EditCardPanel');

/** Fetches and runs what the modals hold, so a modal's first opening draws it at once. */
export const preloadModalContents = () => Promise.all([GlobalModalBody.preload(), EditCardPanel.preload()]);

/**
 * The global modals' dialog and side panel (global-modals.tsx opens them), in a module of their own so
 * their dialog code arrives on the first opening rather than with every page (issue 19).
 */

/** The New Task / New Incident side panel: the Edit Card panel in create mode. */
export function NewWorkItemSheet({
  kind,
  tenantId,
  preferredTeams,
  onClose,
  onCloseAutoFocus,
}: {
  kind: NewWorkItemKind;
  tenantId: string;
  preferredTeams: (string | undefined)[];
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const panel = newWorkItemPanels[kind];
  return (
    <LazyPartBoundary
      fallback={
        <LoadingCardSheet
          title={panel.title}
          description={panel.description}
          onClose={onClose}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      }
    >
      <EditCardPanel
        key={kind}
        tenantId={tenantId}
        card={null}
        preferredTeams={preferredTeams}
        defaultType={panel.type}
        defaultCategory={panel.category}
        defaultTemplateId={panel.templateId}
        createTitle={panel.title}
        createDescription={panel.description}
        open
        onOpenChange={(isOpen) => {
          if (!isOpen) onClose();
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </LazyPartBoundary>
  );
}

/** A global modal in a dialog: its title at once, what it holds (global-modal-body.tsx) once loaded. */
export function GlobalModalDialog({
  modal,
  onClose,
  onCloseAutoFocus,
}: {
  modal: { name: DialogModalName; title: string; description: string; size: DialogSize } | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={modal !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      {modal ? (
        <DialogContent size={modal.size} data-testid="global-modal" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogHeader>
            <DialogTitle>{modal.title}</DialogTitle>
            <DialogDescription>{modal.description}</DialogDescription>
          </DialogHeader>
          <LazyPartBoundary fallback={<LazyPartLoading />}>
            <GlobalModalBody name={modal.name} onClose={onClose} />
          </LazyPartBoundary>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
