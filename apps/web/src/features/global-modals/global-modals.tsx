import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { teamsQueryOptions } from '@/features/teams/api';
import { addEntryDialogText } from '@/features/time/entry-dialog-text';
import { getCurrentTenantId, useCurrentTenantId } from '@/lib/current-tenant';
import { onGlobalModal } from '@/lib/global-events';
import type { DialogSize } from '@/ui/dialog';
import { useDialogReturnFocus } from '@/ui/dialog-return-focus';
import { LazyPartBoundary, lazyPart } from '@/ui/lazy-part';
import { toast } from '@/ui/toast';
import type { DialogModalName } from './global-modal-body';
import {
  chooseTeamForNewPlan,
  readLastSelectedTeam,
  rememberLastSelectedTeam,
  teamSlugInPath,
} from './last-selected-team';
import { isNewWorkItemKind, type NewWorkItemKind } from './new-work-item-kinds';

const loadFrames = () => import('./global-modal-frames');
const GlobalModalDialog = lazyPart(
  () => loadFrames().then(({ GlobalModalDialog }) => ({ GlobalModalDialog })),
  'GlobalModalDialog',
);
const NewWorkItemSheet = lazyPart(
  () => loadFrames().then(({ NewWorkItemSheet }) => ({ NewWorkItemSheet })),
  'NewWorkItemSheet',
);

/** Starts loading the modals and their contents ahead of a likely opening (the Quick Add menu opened). */
export function preloadGlobalModals(): void {
  void Promise.all([
    GlobalModalDialog.preload(),
    NewWorkItemSheet.preload(),
    loadFrames().then((frames) => frames.preloadModalContents()),
  ]).catch(() => {
    // Opening a modal tries again and says so if it still fails.
  });
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
  const [wasDialogOpened, setWasDialogOpened] = useState(false);
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
        if (!isNewWorkItemKind(name)) setWasDialogOpened(true);
        setOpenModal(name);
      }),
    [startNewPlan, remember],
  );

  if (openModal && isNewWorkItemKind(openModal)) {
    if (!tenantId) return null;
    // The team of the page, else the one last opened; the panel takes the first where the user may
    // add cards, else their first such team.
    const preferredTeams = [
      teamSlugInPath(pathname),
      userId ? readLastSelectedTeam(tenantId, userId) : undefined,
    ];
    return (
      <LazyPartBoundary fallback={null}>
        <NewWorkItemSheet
          kind={openModal}
          tenantId={tenantId}
          preferredTeams={preferredTeams}
          onClose={() => setOpenModal(null)}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      </LazyPartBoundary>
    );
  }

  // Drawn from the first opening on, so the dialog closes as a dialog does (focus returned).
  if (!wasDialogOpened) return null;
  const modal = openModal ? { name: openModal, ...modals[openModal] } : null;
  return (
    <LazyPartBoundary fallback={null}>
      <GlobalModalDialog
        modal={modal}
        onClose={() => setOpenModal(null)}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </LazyPartBoundary>
  );
}
