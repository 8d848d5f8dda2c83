import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { ClipboardListIcon, ClockIcon, type LucideIcon, SirenIcon, UserRoundPlusIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { meQueryOptions } from '@/features/auth/api';
import { teamsQueryOptions } from '@/features/teams/api';
import { getCurrentTenantId, useCurrentTenantId } from '@/lib/current-tenant';
import { type GlobalModalName, onGlobalModal } from '@/lib/global-events';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  type DialogSize,
  DialogTitle,
  useDialogReturnFocus,
} from '@/ui/dialog';
import { ComingLater } from './coming-later';
import {
  chooseTeamForNewPlan,
  readLastSelectedTeam,
  rememberLastSelectedTeam,
  teamSlugInPath,
} from './last-selected-team';

const TaxInvoiceEditor = lazy(() =>
  import('./tax-invoice-editor').then((module) => ({ default: module.TaxInvoiceEditor })),
);

type ModalName = Exclude<GlobalModalName, 'newBsp'>;

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

/** Title, size (spec shell section 2) and contents of each global modal. */
const modals: Record<
  ModalName,
  { title: string; description: string; size: DialogSize; body: () => ReactNode }
> = {
  taxInvoice: {
    title: 'New Invoice',
    description: 'Create a tax invoice for a participant.',
    size: 'large',
    body: () => (
      <Suspense
        fallback={
          <p role="status" className="py-10 text-center text-muted-foreground text-sm">
            Loading...
          </p>
        }
      >
        <TaxInvoiceEditor />
      </Suspense>
    ),
  },
  manualTimeEntry: {
    title: 'Time Entry',
    description: 'Record time worked without the timer.',
    size: 'small',
    body: () => (
      <ComingLater icon={ClockIcon} heading="Time entries arrive in a later release">
        This form will record time worked for a participant by hand: date, start and end or duration, time
        code and notes.
      </ComingLater>
    ),
  },
  addParticipant: {
    title: 'Add Participant',
    description: 'Add a person your organisation supports.',
    size: 'medium',
    body: () => (
      <ComingLater icon={UserRoundPlusIcon} heading="Participant records arrive in a later release">
        This form will add a participant with their NDIS number, date of birth, goals and alerts, and link
        them to a care team.
      </ComingLater>
    ),
  },
  newTask: {
    title: 'New Task',
    description: 'Create a work item for a team.',
    size: 'large',
    body: () => <NewWorkItemPanel category="Task" icon={ClipboardListIcon} />,
  },
  newIncident: {
    title: 'New Incident',
    description: 'Record an incident for a team.',
    size: 'large',
    body: () => <NewWorkItemPanel category="Incident" icon={SirenIcon} />,
  },
};

/**
 * The global modal opener (spec shell section 2), mounted once in the shell: opens the modal named
 * by openGlobalModal(name) from anywhere (Quick Add, Ctrl/Cmd+N). newBsp is no modal: it goes to
 * the new-plan page of the current or last selected team.
 */
export function GlobalModals() {
  const [openModal, setOpenModal] = useState<ModalName | null>(null);
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

  const modal = openModal ? modals[openModal] : null;
  return (
    <Dialog open={modal !== null} onOpenChange={(isOpen) => (isOpen ? undefined : setOpenModal(null))}>
      {modal ? (
        <DialogContent size={modal.size} data-testid="global-modal" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogHeader>
            <DialogTitle>{modal.title}</DialogTitle>
            <DialogDescription>{modal.description}</DialogDescription>
          </DialogHeader>
          {modal.body()}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
