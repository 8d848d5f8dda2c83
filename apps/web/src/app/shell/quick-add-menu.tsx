import { can } from '@wattle/domain/auth/permissions';
import {
  ClipboardPlusIcon,
  ClockIcon,
  HandHeartIcon,
  type LucideIcon,
  ReceiptIcon,
  SirenIcon,
  TimerIcon,
  UserRoundPlusIcon,
} from 'lucide-react';
import type { ReactElement } from 'react';
import { preloadGlobalModals } from '@/features/global-modals/global-modals';
import { useCurrentRole } from '@/features/tenants/use-current-role';
import { type GlobalModalName, openGlobalModal } from '@/lib/global-events';
import { LazyDropdownMenu } from '@/ui/lazy-dropdown-menu';
import { LazyTooltip } from '@/ui/lazy-tooltip';

/**
 * The Quick Add menu (spec shell section 2): New Task, New Incident, New Invoice, New BSP, Add
 * Participant (issue 13, for those who may add one), Start Timer and Time Entry..., each opening its
 * global modal by name. Start Timer stays disabled until time tracking exists: it starts a timer
 * rather than opening a modal, so there is nothing to open yet.
 * The menu's code loads on first use (`LazyDropdownMenu`), outside the JavaScript every page loads.
 */

const modalItems: { label: string; modal: GlobalModalName; icon: LucideIcon }[] = [
  { label: 'New Task', modal: 'newTask', icon: ClipboardPlusIcon },
  { label: 'New Incident', modal: 'newIncident', icon: SirenIcon },
  { label: 'New Invoice', modal: 'taxInvoice', icon: ReceiptIcon },
  { label: 'New BSP', modal: 'newBsp', icon: HandHeartIcon },
];

/** Add Participant (issue 13 part 3), for those who may add participants somewhere. */
const addParticipantItem = {
  label: 'Add Participant',
  modal: 'addParticipant',
  icon: UserRoundPlusIcon,
} as const;

export const startTimerUnavailable = 'Time tracking comes in a later release';

export function QuickAddMenu({
  children,
  side = 'bottom',
  align = 'end',
}: {
  /** The trigger: a button, rendered as the menu's trigger. */
  children: ReactElement;
  side?: 'top' | 'bottom';
  align?: 'start' | 'center' | 'end';
}) {
  const { role } = useCurrentRole();
  const items = can(role, 'write:participants') ? [...modalItems, addParticipantItem] : modalItems;
  return (
    <LazyDropdownMenu
      trigger={children}
      side={side}
      align={align}
      className="w-56"
      // Opening the menu starts loading what its modals hold, so the one picked opens complete.
      onOpenChange={(isOpen) => {
        if (isOpen) preloadGlobalModals();
      }}
    >
      {({ DropdownMenuItem, DropdownMenuLabel }) => (
        <>
          <DropdownMenuLabel>Quick Add</DropdownMenuLabel>
          {items.map(({ label, modal, icon: Icon }) => (
            <DropdownMenuItem key={modal} onSelect={() => openGlobalModal(modal)}>
              <Icon aria-hidden="true" />
              {label}
            </DropdownMenuItem>
          ))}
          <LazyTooltip content={startTimerUnavailable} side="left">
            <DropdownMenuItem disabled data-testid="quick-add-start-timer">
              <TimerIcon aria-hidden="true" />
              Start Timer
              <span className="sr-only">({startTimerUnavailable})</span>
            </DropdownMenuItem>
          </LazyTooltip>
          <DropdownMenuItem onSelect={() => openGlobalModal('manualTimeEntry')}>
            <ClockIcon aria-hidden="true" />
            Time Entry...
          </DropdownMenuItem>
        </>
      )}
    </LazyDropdownMenu>
  );
}
