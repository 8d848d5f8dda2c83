import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can } from '@wattle/domain/auth/permissions';
import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { FileCogIcon, PlusIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { templateKeys, templatesQueryOptions } from '@/features/cards/api';
import { useCurrentTenant } from '@/features/tenants/api';
import { useCurrentRole } from '@/features/tenants/use-current-role';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { toast } from '@/ui/toast';
import { useViewport } from '@/ui/use-viewport';
import { NewTemplateDialog } from './new-template-dialog';
import { TemplateActions } from './template-actions';
import { TemplateDetails } from './template-details';
import { TemplateFacts, TemplateKindBadges } from './template-facts';

function TemplateList({
  title,
  templates,
  selectedId,
  onSelect,
}: {
  title: string;
  templates: FormTemplate[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const headingId = `templates-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="font-semibold text-muted-foreground text-sm">
        {title} <span className="font-normal">({templates.length})</span>
      </h2>
      <ul className="flex flex-col gap-2">
        {templates.map((template) => {
          const isSelected = template.id === selectedId;
          return (
            <li
              key={template.id}
              data-testid="template-row"
              className={cn(
                'relative flex flex-col gap-2 rounded-lg border bg-card px-3 py-2.5 transition-colors has-[button:focus-visible]:ring-2 has-[button:focus-visible]:ring-ring',
                isSelected ? 'border-primary bg-accent/60' : 'hover:bg-accent/40',
              )}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="min-w-0 font-medium text-sm">
                  {/* The whole card is the button's target; its name is the template's. */}
                  <button
                    type="button"
                    aria-pressed={isSelected}
                    aria-controls="template-details-panel"
                    onClick={() => onSelect(template.id)}
                    className="text-left outline-none after:absolute after:inset-0 after:content-['']"
                  >
                    {template.name}
                  </button>
                </h3>
                <TemplateKindBadges template={template} />
              </div>
              <TemplateFacts template={template} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * /settings/templates: the compliance templates of the tenant, built-in first, then the tenant's
 * templates Wattle published to every organisation, then the tenant's custom ones. Selecting one shows
 * its fields by form section. Tenant owners and admins (the server's `manage:tenant`) add custom
 * templates here, edit them as new versions, copy any template and retire their own.
 */
export function TemplatesSettingsPage() {
  useDocumentTitle('Templates');
  const { tenant } = useCurrentTenant();
  const { role } = useCurrentRole();
  const canAddTemplates = can(role, 'manage:tenant');
  const templates = useQuery(templatesQueryOptions(tenant.id));
  const queryClient = useQueryClient();
  const viewport = useViewport();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focusDetails, setFocusDetails] = useState(0);
  const detailsHeading = useRef<HTMLHeadingElement>(null);

  // Below the desktop width the details sit under the list: take the reader there.
  useEffect(() => {
    if (focusDetails > 0) detailsHeading.current?.focus();
  }, [focusDetails]);

  const list = templates.data ?? [];
  const builtIn = list.filter((template) => template.isBuiltIn);
  const published = list.filter((template) => template.isPublished);
  const custom = list.filter((template) => !template.isBuiltIn && !template.isPublished);
  const selected = list.find((template) => template.id === selectedId) ?? null;

  function select(id: string) {
    setSelectedId(id);
    if (viewport !== 'desktop') setFocusDetails((n) => n + 1);
  }

  function onCreated(template: FormTemplate) {
    queryClient.setQueryData<FormTemplate[]>(templateKeys.list(tenant.id), (current) =>
      current && !current.some((t) => t.id === template.id) ? [...current, template] : current,
    );
    void queryClient.invalidateQueries({ queryKey: templateKeys.list(tenant.id) });
    toast.success('Template created', { description: `${template.name} is ready to use.` });
    setSelectedId(template.id);
    setFocusDetails((n) => n + 1);
  }

  function onChanged(template: FormTemplate | null) {
    void queryClient.invalidateQueries({ queryKey: templateKeys.list(tenant.id) });
    if (template) {
      queryClient.setQueryData<FormTemplate[]>(templateKeys.list(tenant.id), (current) =>
        current
          ? current.some((t) => t.id === template.id)
            ? current.map((t) => (t.id === template.id ? template : t))
            : [...current, template]
          : current,
      );
    }
    setSelectedId(template?.id ?? null);
    if (template) setFocusDetails((n) => n + 1);
  }

  return (
    <div className="flex w-full flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
            <FileCogIcon className="size-6 text-muted-foreground" aria-hidden="true" />
            Templates
          </h1>
          <p className="mt-1 text-muted-foreground text-sm">
            The compliance templates this organisation's teams use for their cards.
            {canAddTemplates ? ' Add your own beside the built-in ones.' : ''}
          </p>
        </div>
        {canAddTemplates ? (
          <NewTemplateDialog tenantId={tenant.id} onCreated={onCreated}>
            <Button>
              <PlusIcon aria-hidden="true" />
              Add template
            </Button>
          </NewTemplateDialog>
        ) : null}
      </div>

      {templates.isPending ? (
        <LoadingStatus>Loading templates...</LoadingStatus>
      ) : templates.isError ? (
        <LoadError
          title="Could not load the templates"
          error={templates.error}
          onRetry={() => void templates.refetch()}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
          <div className="flex flex-col gap-6">
            <TemplateList title="Built-in" templates={builtIn} selectedId={selectedId} onSelect={select} />
            {published.length > 0 ? (
              <TemplateList
                title="Published"
                templates={published}
                selectedId={selectedId}
                onSelect={select}
              />
            ) : null}
            {custom.length > 0 ? (
              <TemplateList title="Custom" templates={custom} selectedId={selectedId} onSelect={select} />
            ) : (
              <section aria-labelledby="templates-custom" className="flex flex-col gap-2">
                <h2 id="templates-custom" className="font-semibold text-muted-foreground text-sm">
                  Custom <span className="font-normal">(0)</span>
                </h2>
                <p className="rounded-lg border border-dashed px-3 py-4 text-muted-foreground text-sm">
                  {canAddTemplates
                    ? 'No custom templates yet. Add template makes one from your own fields.'
                    : 'No custom templates yet. Your organisation’s owners and admins can add them.'}
                </p>
              </section>
            )}
          </div>
          <div id="template-details-panel">
            {selected ? (
              <div className="flex flex-col gap-4">
                {canAddTemplates ? (
                  <TemplateActions tenantId={tenant.id} template={selected} onChanged={onChanged} />
                ) : null}
                <TemplateDetails template={selected} headingRef={detailsHeading} />
              </div>
            ) : (
              <p className="rounded-lg border border-dashed px-3 py-6 text-center text-muted-foreground text-sm">
                Select a template to see its fields.
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
