import { DownloadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/ui/button';
import { DateInput } from '@/ui/date-input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/ui/dialog';
import { FormField, fieldAria } from '@/ui/form-field';
import { xeroExportUrl } from './api';

/**
 * Export for Xero (issue 15 part 7): the invoices and payments of a period as the CSV Xero imports
 * for sales invoices. The download is a plain link once both dates are chosen in order.
 */
export function XeroExportDialog({ tenantId }: { tenantId: string }) {
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const issue = from && to && to < from ? 'The period must end on or after its start' : undefined;
  const ready = Boolean(from && to && !issue);

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <DownloadIcon aria-hidden="true" />
          Export for Xero
        </Button>
      </DialogTrigger>
      <DialogContent size="small">
        <DialogHeader>
          <DialogTitle>Export for Xero</DialogTitle>
          <DialogDescription>
            Invoices and payments of a period, as the CSV Xero imports for sales invoices.
          </DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-2 gap-3">
          <FormField id={`${id}-from`} label="From" isRequired>
            <DateInput
              id={`${id}-from`}
              value={from}
              onChange={setFrom}
              {...fieldAria(`${id}-from`, { isRequired: true })}
            />
          </FormField>
          <FormField id={`${id}-to`} label="To" isRequired error={issue}>
            <DateInput
              id={`${id}-to`}
              value={to}
              onChange={setTo}
              {...fieldAria(`${id}-to`, { isRequired: true, error: issue })}
            />
          </FormField>
        </div>
        <DialogFooter>
          {ready ? (
            <Button asChild>
              <a href={xeroExportUrl(tenantId, { from, to })} download>
                Download CSV
              </a>
            </Button>
          ) : (
            <Button disabled>Download CSV</Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
