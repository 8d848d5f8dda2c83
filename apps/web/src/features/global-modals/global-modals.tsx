import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { meQueryOptions } from '@/features/auth/api';
import { teamsQueryOptions } from '@/features/teams/api';
import { addEntryDialogText } from '@/features/time/entry-dialog-text';
import { getCurrentTenantId, useCurrentTenantId } from '@/lib/current-tenant';
import { onGlobalModal } from '@/lib/global-events';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  type DialogSize,
  DialogTitle,
  useDialogReturnFocus,
} from '@/ui/dialog';
import { LazyPartBoundary, LazyPartLoading, lazyPart } from '@/ui/lazy-part';
import type { DialogModalName } from './global-modal-body';
import {
  chooseTeamForNewPlan,
  readLastSelectedTeam,
  rememberLastSelectedTeam,
  teamSlugInPath,
} from './last-selected-team';
import { LoadingCardSheet } from './loading-card-sheet';
import { isNewWorkItemKind, type NewWorkItemKind, newWorkItemPanels } from './new-work-item-kinds';

const loadModalBody = () => import('./global-modal-body');
const GlobalModalBody = lazyPart(loadModalBody, 'GlobalModalBody');
const loadEditCardPanel = () => import('@/features/cards/edit-card-panel');
const EditCardPanel = lazyPart(loadEditCardPanel, 'EditCardPanel');

/** Starts loading the modals' contents ahead of a likely opening (the Quick Add menu opened). */
export function preloadGlobalModals(): void {
  for (const load of [loadModalBody, loadEditCardPanel]) {
    void load().catch(() => {
      // Opening a modal tries again and says so if it still fails.
    });
  }
}

/**
 * Title and size of each global modal (spec shell section 2). They open at once with these; what
 * each holds (global-modal-body.tsx) follows when its code has loaded.
 */
const modals: Record<DialogModalName, { title: string; description: string; size: DialogSize }> = {
  taxInvoice: { title: 'New Invoice', description: 'Create a tax invoice for a participant.', size: 'large' },
  manualTimeEntry: { ...addEntryDialogText, size: 'small' },
  addParticipant: {
    title: 'Add New Participant',
    description: 'Add a person your organisation supports.',
    size: 'medium',
  },
};

/**
 * The global modal opener (spec shell section 2), mounted once in the shell: opens the modal named
 * by openGlobalModal(name) from anywhere (Quick Add, Ctrl/Cmd+N). newTask and newIncident open the
 * Edit Card side panel in create mode (the spec's "large card panel with a default category").
 * newBsp is no modal: it goes to the new-plan page of the current or last selected team.
 */
export function GlobalModals() {
  const [openModal, setOpenModal] = useState<DialogModalName | NewWorkItemKind | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const tenantId = useCurrentTenantId();
  const { data: me } = useQuery(meQueryOptions());
  const userId = me?.id;
  const { remember, onCloseAutoFocus } = useDialogReturnFocus();

  // Remember the team whose pages the user opens, per tenant and user (spec shell section 4).
  useEffect(() => {
    const slug = teamSlugInPath(pathname);
    if (slug && tenantId && userId) rememberLastSelectedTeam(tenantId, userId, slug);
  }, [pathname, tenantId, userId]);

  // Moving to another page closes the modal.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes
  useEffect(() => {
    setOpenModal(null);
  }, [pathname]);

  const startNewPlan = useCallback(async () => {
    const currentTenantId = getCurrentTenantId();
    if (!currentTenantId) return;
    const currentPath = window.location.pathname;
    const lastSelected = userId ? readLastSelectedTeam(currentTenantId, userId) : undefined;
    let teams: { id: string; slug: string; status?: string }[] | undefined;
    if (!teamSlugInPath(currentPath)) {
      try {
        teams = await queryClient.fetchQuery(teamsQueryOptions(currentTenantId));
      } catch {
        teams = undefined;
      }
    }
    const slug = chooseTeamForNewPlan({ pathname: currentPath, lastSelected, teams });
    if (!slug) {
      toast.error('A team is needed for a behaviour support plan', {
        description:
          teams === undefined
            ? 'The teams could not be loaded. Try again in a moment.'
            : 'Create a care team first, then start its plan.',
      });
      return;
    }
    await navigate({ href: `/my-teams/${encodeURIComponent(slug)}/bsp/new` });
  }, [navigate, queryClient, userId]);

  useEffect(
    () =>
      onGlobalModal((name) => {
        if (name === 'newBsp') {
          void startNewPlan();
          return;
        }
        remember();
        setOpenModal(name);
      }),
    [startNewPlan, remember],
  );

  if (openModal && isNewWorkItemKind(openModal)) {
    if (!tenantId) return null;
    const panel = newWorkItemPanels[openModal];
    const close = () => setOpenModal(null);
    // The team of the page, else the one last opened; the panel takes the first where the user may
    // add cards, else their first such team.
    const preferredTeams = [
      teamSlugInPath(pathname),
      userId ? readLastSelectedTeam(tenantId, userId) : undefined,
    ];
    return (
      <LazyPartBoundary
        fallback={
          <LoadingCardSheet
            title={panel.title}
            description={panel.description}
            onClose={close}
            onCloseAutoFocus={onCloseAutoFocus}
          />
        }
      >
        <EditCardPanel
          key={openModal}
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
            if (!isOpen) close();
          }}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      </LazyPartBoundary>
    );
  }

  const modal = openModal ? { name: openModal, ...modals[openModal] } : null;
  return (
    <Dialog open={modal !== null} onOpenChange={(isOpen) => (isOpen ? undefined : setOpenModal(null))}>
      {modal ? (
        <DialogContent size={modal.size} data-testid="global-modal" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogHeader>
            <DialogTitle>{modal.title}</DialogTitle>
            <DialogDescription>{modal.description}</DialogDescription>
          </DialogHeader>
          <LazyPartBoundary fallback={<LazyPartLoading />}>
            <GlobalModalBody name={modal.name} onClose={() => setOpenModal(null)} />
          </LazyPartBoundary>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
