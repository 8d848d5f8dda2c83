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
import { useTenantFeatures } from '@/features/tenants/tenant-features';
import { useCurrentRole } from '@/features/tenants/use-current-role';
import { requestTimer } from '@/features/time/timer-events';
import { useCanTrackTime, useTimer } from '@/features/time/timer-query';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { type GlobalModalName, openGlobalModal } from '@/lib/global-events';
import { LazyDropdownMenu } from '@/ui/lazy-dropdown-menu';

/**
 * The Quick Add menu (spec shell section 2): New Task, New Incident, New Invoice, New BSP, Add
 * Participant (issue 13, for those who may add one), Start Timer and Time Entry... (issue 14, for
 * those who record time), each opening its global modal by name. Start Timer starts the running
 * timer instead (features/time/timer-slot.tsx); while one runs it reads 'Show Timer' and opens it,
 * which is how phones, where the header chip is hidden, reach it.
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
  const features = useTenantFeatures();
  // Time, invoices and participants each hide when the organisation has their feature off.
  const canTrackTime = useCanTrackTime();
  const tenantId = useCurrentTenantId();
  const isTimerRunning = useTimer(tenantId).data?.running === true;
  const items = [
    ...modalItems.filter((item) => item.modal !== 'taxInvoice' || features.invoiceProcessing),
    ...(can(role, 'write:participants') && features.participantManagement ? [addParticipantItem] : []),
  ];
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
          {canTrackTime ? (
            <>
              <DropdownMenuItem
                onSelect={() => requestTimer(isTimerRunning ? 'open' : 'start')}
                data-testid="quick-add-start-timer"
              >
                <TimerIcon aria-hidden="true" />
                {isTimerRunning ? 'Show Timer' : 'Start Timer'}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => openGlobalModal('manualTimeEntry')}>
                <ClockIcon aria-hidden="true" />
                Time Entry...
              </DropdownMenuItem>
            </>
          ) : null}
        </>
      )}
    </LazyDropdownMenu>
  );
}
