import {
  ClipboardPlusIcon,
  ClockIcon,
  HandHeartIcon,
  type LucideIcon,
  ReceiptIcon,
  SirenIcon,
  TimerIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { preloadGlobalModals } from '@/features/global-modals/global-modals';
import { type GlobalModalName, openGlobalModal } from '@/lib/global-events';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/ui/dropdown-menu';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/ui/tooltip';

/**
 * The Quick Add menu (spec shell section 2): New Task, New Incident, New Invoice, New BSP, Start Timer
 * and Time Entry..., each opening its global modal by name. Start Timer stays disabled until time
 * tracking exists: it starts a timer rather than opening a modal, so there is nothing to open yet.
 */

const modalItems: { label: string; modal: GlobalModalName; icon: LucideIcon }[] = [
  { label: 'New Task', modal: 'newTask', icon: ClipboardPlusIcon },
  { label: 'New Incident', modal: 'newIncident', icon: SirenIcon },
  { label: 'New Invoice', modal: 'taxInvoice', icon: ReceiptIcon },
  { label: 'New BSP', modal: 'newBsp', icon: HandHeartIcon },
];

export const startTimerUnavailable = 'Time tracking comes in a later release';

export function QuickAddMenu({
  children,
  side = 'bottom',
  align = 'end',
}: {
  /** The trigger: a button, rendered as the menu's trigger. */
  children: ReactNode;
  side?: 'top' | 'bottom';
  align?: 'start' | 'center' | 'end';
}) {
  return (
    // Opening the menu starts loading what its modals hold, so the one picked opens complete.
    <DropdownMenu
      onOpenChange={(isOpen) => {
        if (isOpen) preloadGlobalModals();
      }}
    >
      <DropdownMenuTrigger asChild>{children}</DropdownMenuTrigger>
      <DropdownMenuContent side={side} align={align} className="w-56">
        <DropdownMenuLabel>Quick Add</DropdownMenuLabel>
        {modalItems.map(({ label, modal, icon: Icon }) => (
          <DropdownMenuItem key={modal} onSelect={() => openGlobalModal(modal)}>
            <Icon aria-hidden="true" />
            {label}
          </DropdownMenuItem>
        ))}
        <Tooltip>
          <TooltipTrigger asChild>
            <DropdownMenuItem disabled data-testid="quick-add-start-timer">
              <TimerIcon aria-hidden="true" />
              Start Timer
              <span className="sr-only">({startTimerUnavailable})</span>
            </DropdownMenuItem>
          </TooltipTrigger>
          <TooltipContent side="left">{startTimerUnavailable}</TooltipContent>
        </Tooltip>
        <DropdownMenuItem onSelect={() => openGlobalModal('manualTimeEntry')}>
          <ClockIcon aria-hidden="true" />
          Time Entry...
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
