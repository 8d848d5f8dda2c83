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
import { openGlobalModal } from '@/lib/global-events';
import { LazyDropdownMenu } from '@/ui/lazy-dropdown-menu';
import { type QuickAddModal, quickAddItemsFor } from './quick-add-items';

/**
 * The Quick Add menu (spec shell section 2): New Task, New Incident, New Invoice, New BSP, Add
 * Participant, each offered only to those the permissions table lets create it (quick-add-items.ts),
 * Start Timer and Time Entry... (issue 14, for those who record time), each opening its global modal
 * by name. Someone offered nothing sees no Quick Add button. Start Timer starts the running
 * timer instead (features/time/timer-slot.tsx); while one runs it reads 'Show Timer' and opens it,
 * which is how phones, where the header chip is hidden, reach it.
 * The menu's code loads on first use (`LazyDropdownMenu`), outside the JavaScript every page loads.
 */

const itemIcons: Record<QuickAddModal, LucideIcon> = {
  newTask: ClipboardPlusIcon,
  newIncident: SirenIcon,
  taxInvoice: ReceiptIcon,
  newBsp: HandHeartIcon,
  addParticipant: UserRoundPlusIcon,
};

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
  const items = quickAddItemsFor(role, features);
  // Someone who may add nothing (a family guardian) is offered no Quick Add at all.
  if (items.length === 0 && !canTrackTime) return null;
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
          {items.map(({ label, modal }) => {
            const Icon = itemIcons[modal];
            return (
              <DropdownMenuItem key={modal} onSelect={() => openGlobalModal(modal)}>
                <Icon aria-hidden="true" />
                {label}
              </DropdownMenuItem>
            );
          })}
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
