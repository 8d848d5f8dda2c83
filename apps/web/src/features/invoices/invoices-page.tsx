import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { PlusIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { ClaimsSection } from './claims-section';
import { useInvoiceAccess } from './invoice-access';
import { InvoiceBoard } from './invoice-board';
import { InvoiceFilters } from './invoice-filters';
import { InvoiceList } from './invoice-list';
import type { InvoiceListSearch } from './invoice-list-search';
import { XeroExportDialog } from './xero-export-dialog';

const route = getRouteApi('/signed-in/tenant/invoices/');

const views = [
  { id: 'board', label: 'Board' },
  { id: 'list', label: 'List' },
  { id: 'claims', label: 'Claims' },
] as const;

/**
 * /invoices (issue 15 part 3): the tenant's invoices as a board by status or a sortable, filterable
 * list with bulk actions, and the NDIA claim batches. The view and filters live in the address.
 */
export function InvoicesPage() {
  useDocumentTitle('Invoices');
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/invoices/' });
  const access = useInvoiceAccess();
  const { tenant } = access;
  const view = search.view ?? 'board';

  const setSearch = (changes: Partial<InvoiceListSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...changes }), replace: true });

  if (!access.canRead) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        <h1 className="font-semibold text-2xl tracking-tight">Invoices</h1>
        <p className="mt-2 text-muted-foreground text-sm">
          Your role in {tenant.name} does not show invoices.
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl tracking-tight">Invoices</h1>
          <p className="mt-1 text-muted-foreground text-sm">
            {tenant.name}'s invoices from draft to paid, and the NDIA claims.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <XeroExportDialog tenantId={tenant.id} />
          {access.canManage ? (
            <Button asChild>
              <Link to="/invoices/new">
                <PlusIcon aria-hidden="true" />
                New invoice
              </Link>
            </Button>
          ) : null}
        </div>
      </div>

      <nav aria-label="Invoice views" className="flex w-fit gap-1 rounded-lg bg-muted p-1">
        {views.map((candidate) => (
          <Link
            key={candidate.id}
            to="/invoices"
            search={{ ...search, view: candidate.id === 'board' ? undefined : candidate.id, page: undefined }}
            replace
            aria-current={view === candidate.id ? 'page' : undefined}
            className={cn(
              'rounded-md px-3 py-1.5 font-medium text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              view === candidate.id
                ? 'bg-background shadow-xs'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {candidate.label}
          </Link>
        ))}
      </nav>

      {view === 'claims' ? (
        <ClaimsSection tenantId={tenant.id} canManage={access.canManage} />
      ) : (
        <>
          <InvoiceFilters tenantId={tenant.id} search={search} onChange={setSearch} />
          {view === 'list' ? (
            <InvoiceList
              tenantId={tenant.id}
              search={search}
              canManage={access.canManage}
              onSearch={setSearch}
            />
          ) : (
            <InvoiceBoard tenantId={tenant.id} search={search} />
          )}
        </>
      )}
    </div>
  );
}
