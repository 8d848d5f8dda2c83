import { useQuery } from '@tanstack/react-query';
import type { SupportItem } from '@wattle/domain/time/catalogue';
import { tenantState } from '@wattle/domain/time/tenant-state';
import { SupportItemPicker } from '@/features/rates/support-item-picker';
import { currentTenantQueryOptions } from '@/features/time/api';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog';
import { LoadingStatus } from '@/ui/query-status';

/** Any item in force may be invoiced (a card's each-priced item, a capital support): none is refused here. */
const anyItem = () => null;

/**
 * "Add line" and a line's "Support item" (issue 15 part 2): the catalogue search the time code
 * dialog uses, over every item in force. The chosen item comes back with its price limit in the
 * organisation's state, which a new line starts from; the server checks the line again on Save.
 */
export function SupportItemDialog({
  tenantId,
  title,
  onChoose,
  onClose,
}: {
  tenantId: string;
  title: string;
  onChoose: (item: SupportItem, priceLimitCents: number | null) => void;
  onClose: () => void;
}) {
  const tenant = useQuery(currentTenantQueryOptions(tenantId));
  const state = tenant.data
    ? tenantState({ addressState: tenant.data.profile.address?.state, timeZone: tenant.data.timeZone })
    : null;

  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Search the NDIS Support Catalogue by number or name.</DialogDescription>
        </DialogHeader>
        {state ? (
          <SupportItemPicker
            tenantId={tenantId}
            state={state}
            selected={null}
            unavailableReason={anyItem}
            onSelect={(item) => onChoose(item, item.priceLimitsCents[state])}
          />
        ) : (
          <LoadingStatus>Loading the catalogue...</LoadingStatus>
        )}
      </DialogContent>
    </Dialog>
  );
}
