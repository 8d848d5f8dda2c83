import { useQuery } from '@tanstack/react-query';
import { can } from '@wattle/domain/auth/permissions';
import { formatCents } from '@wattle/domain/participants/plans';
import { tenantState } from '@wattle/domain/time/tenant-state';
import { type TimeCode, timeCodeCategoryLabels } from '@wattle/domain/time/time-codes';
import { PencilIcon, PlusIcon, WalletIcon } from 'lucide-react';
import { useState } from 'react';
import { useCurrentTenant } from '@/features/tenants/api';
import { useCurrentRole } from '@/features/tenants/use-current-role';
import { currentTenantQueryOptions, timeCodesQueryOptions } from '@/features/time/api';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SectionCard } from '@/ui/section-card';
import { CatalogueSection } from './catalogue-section';
import { CostRatesSection } from './cost-rates-section';
import { limitText } from './rate-form';
import { TimeCodeDialog, type TimeCodeDialogMode } from './time-code-dialog';

function TimeCodesTable({ codes, onEdit }: { codes: TimeCode[]; onEdit: ((code: TimeCode) => void) | null }) {
  // On a phone the table keeps what matters to choose and bill: the code, its rate and whether it is
  // active; the category and the price limit join from wider screens.
  return (
    <table className="w-full text-sm" data-testid="time-codes">
      <caption className="sr-only">Time codes</caption>
      <thead>
        <tr className="border-b text-left text-muted-foreground text-xs">
          <th scope="col" className="py-2 pr-3 font-medium">
            Time code
          </th>
          <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
            Category
          </th>
          <th scope="col" className="whitespace-nowrap py-2 pr-3 text-right font-medium">
            Hourly rate
          </th>
          <th scope="col" className="hidden whitespace-nowrap py-2 pr-3 font-medium md:table-cell">
            Price limit
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            Status
          </th>
          {onEdit ? (
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {codes.map((code) => (
          // Inactive codes stay listed, shown disabled (spec work section 3).
          <tr
            key={code.id}
            data-testid="time-code-row"
            aria-disabled={code.isActive ? undefined : true}
            className={cn('border-b align-top last:border-0', code.isActive ? '' : 'text-muted-foreground')}
          >
            <th scope="row" className="py-2 pr-3 text-left font-normal">
              <span className="block font-mono text-xs">{code.code}</span>
              <span className="block">{code.description}</span>
            </th>
            <td className="hidden py-2 pr-3 sm:table-cell">{timeCodeCategoryLabels[code.category]}</td>
            <td className="whitespace-nowrap py-2 pr-3 text-right tabular-nums">
              {formatCents(code.hourlyRateCents)}
            </td>
            <td className="hidden whitespace-nowrap py-2 pr-3 text-muted-foreground md:table-cell">
              {code.isInCatalogue
                ? limitText(code.priceLimitCents, code.priceLimitState)
                : 'Not in the catalogue'}
            </td>
            <td className="py-2 pr-3">
              {code.isActive ? (
                <Badge variant="success">Active</Badge>
              ) : (
                <Badge variant="outline">Inactive</Badge>
              )}
            </td>
            {onEdit ? (
              <td className="py-1 text-right">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  // An inactive code's row is muted; its Edit (to turn it back on) is not.
                  className="text-foreground"
                  onClick={() => onEdit(code)}
                  aria-label={`Edit ${code.code} ${code.description}`}
                >
                  <PencilIcon aria-hidden="true" />
                  <span className="hidden sm:inline">Edit</span>
                </Button>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * /settings/user/rates (issue 14 parts 2 and 7): the tenant's time codes, which those who may write
 * time read, and owners and admins (`manage:rates`) add and edit; for them also the NDIS Support
 * Catalogue the codes are chosen from, with its import, and each person's hourly cost rate (issue 17).
 */
export function RatesSettingsPage() {
  useDocumentTitle('Rates');
  const { tenant } = useCurrentTenant();
  const { role } = useCurrentRole();
  const canManage = can(role, 'manage:rates');
  const codes = useQuery(timeCodesQueryOptions(tenant.id));
  const record = useQuery({ ...currentTenantQueryOptions(tenant.id), enabled: canManage });
  const [dialog, setDialog] = useState<TimeCodeDialogMode | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const state = record.data
    ? tenantState({ addressState: record.data.profile.address?.state, timeZone: record.data.timeZone })
    : (codes.data?.[0]?.priceLimitState ?? 'NSW');

  const open = (mode: TimeCodeDialogMode) => {
    setDialog(mode);
    setIsDialogOpen(true);
  };

  return (
    <div className="flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
            <WalletIcon className="size-6 text-muted-foreground" aria-hidden="true" />
            Rates
          </h1>
          <p className="mt-1 text-muted-foreground text-sm">
            Time codes: the NDIS support items this organisation bills time against, at an hourly rate never
            above the item's price limit in {state}.{canManage ? '' : ' Owners and admins change them.'}
          </p>
        </div>
        {canManage ? (
          <Button type="button" onClick={() => open({ kind: 'add' })}>
            <PlusIcon aria-hidden="true" />
            Add time code
          </Button>
        ) : null}
      </div>

      <SectionCard
        title="Time codes"
        description="Inactive codes stay listed so earlier time keeps its code; they cannot be chosen for new time."
      >
        {codes.isPending ? (
          <LoadingStatus>Loading time codes...</LoadingStatus>
        ) : codes.isError ? (
          <LoadError
            title="Could not load the time codes"
            error={codes.error}
            onRetry={() => void codes.refetch()}
          />
        ) : codes.data.length === 0 ? (
          <p className="rounded-md border border-dashed px-3 py-4 text-muted-foreground text-sm">
            {canManage
              ? 'No time codes yet. Add time code picks a support item from the catalogue.'
              : 'No time codes yet. Owners and admins add them.'}
          </p>
        ) : (
          <TimeCodesTable
            codes={codes.data}
            onEdit={canManage ? (code) => open({ kind: 'edit', code }) : null}
          />
        )}
      </SectionCard>

      {canManage ? <CostRatesSection tenantId={tenant.id} /> : null}

      {canManage ? <CatalogueSection tenantId={tenant.id} /> : null}

      {dialog ? (
        <TimeCodeDialog
          key={dialog.kind === 'edit' ? dialog.code.id : 'add'}
          open={isDialogOpen}
          onOpenChange={setIsDialogOpen}
          tenantId={tenant.id}
          state={state}
          mode={dialog}
        />
      ) : null}
    </div>
  );
}
