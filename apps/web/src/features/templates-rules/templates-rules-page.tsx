import { FileCogIcon } from 'lucide-react';
import { useCurrentTenant } from '@/features/tenants/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { BillingRulesSection } from './billing-rules-section';
import { PublishedTemplatesSection } from './published-templates-section';

/**
 * /templates-rules (system admins only; the server refuses everyone else): the templates published
 * to every organisation, with their versions, and each organisation's card billing rules.
 */
export function TemplatesRulesPage() {
  useDocumentTitle('Templates & Rules');
  const { tenant } = useCurrentTenant();
  return (
    <div className="flex w-full flex-col gap-8 px-4 py-8 sm:px-6">
      <div className="min-w-0">
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
          <FileCogIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          Templates & Rules
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">
          The compliance templates every organisation's forms are built from, and the rules their invoices
          bill cards by.
        </p>
      </div>
      <PublishedTemplatesSection />
      <BillingRulesSection defaultTenantId={tenant.id} />
    </div>
  );
}
