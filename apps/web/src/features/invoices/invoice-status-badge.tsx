import { type InvoiceStatus, invoiceStatusLabels } from '@wattle/domain/invoices/schemas';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';

const tones: Record<InvoiceStatus, string> = {
  draft: 'text-foreground',
  'pending-approval': 'border-transparent bg-amber-50 text-amber-900',
  approved: 'border-transparent bg-sky-50 text-sky-900',
  sent: 'border-transparent bg-accent text-accent-foreground',
  'part-paid': 'border-transparent bg-teal-50 text-teal-900',
  paid: 'border-transparent bg-emerald-50 text-emerald-800',
  overdue: 'border-destructive/40 text-destructive',
  void: 'border-transparent bg-muted text-muted-foreground line-through',
};

/** An invoice's status (issue 15 part 1) as a coloured badge with the domain's label. */
export function InvoiceStatusBadge({ status, className }: { status: InvoiceStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn(tones[status], className)} data-testid="invoice-status">
      {invoiceStatusLabels[status]}
    </Badge>
  );
}
