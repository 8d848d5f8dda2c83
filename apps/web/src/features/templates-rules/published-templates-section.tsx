import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublishedTemplateSummary } from '@wattle/domain/templates/published-templates';
import { PlusIcon, UploadIcon } from 'lucide-react';
import { useState } from 'react';
import { NewTemplateDialog } from '@/features/templates/settings/new-template-dialog';
import { RetireTemplateButton } from '@/features/templates/settings/retire-template-button';
import { TemplateDetails } from '@/features/templates/settings/template-details';
import { templateToDraft } from '@/features/templates/settings/template-draft';
import { categoryLabels } from '@/features/templates/settings/template-labels';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { toast } from '@/ui/toast';
import {
  publishedTemplatesQueryOptions,
  publishNewTemplate,
  publishTemplateVersion,
  retirePublishedTemplate,
  templatesRulesKeys,
} from './api';

const dateTime = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

function PublishedTemplateCard({
  template,
  onChanged,
}: {
  template: PublishedTemplateSummary;
  onChanged: () => void;
}) {
  const [showFields, setShowFields] = useState(false);
  const headingId = `published-${template.id}`;
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid="published-template">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={headingId} className="break-words font-semibold text-base">
            {template.name}
          </h3>
          <div className="flex flex-wrap gap-1.5">
            <Badge variant="secondary">{categoryLabels[template.category]}</Badge>
            <Badge variant="outline">Version {template.latest.version}</Badge>
            {template.isActive ? (
              <Badge variant="accent">Published</Badge>
            ) : (
              <Badge variant="outline">Retired</Badge>
            )}
          </div>
        </div>
        {template.isActive ? (
          <div className="flex flex-wrap gap-2">
            <NewTemplateDialog
              tenantId=""
              title={`Publish a new version of ${template.name}`}
              description={`Publishing makes version ${template.latestVersion + 1}.0 for every organisation's new cards. Published versions never change: cards made from version ${template.latest.version} keep it.`}
              initial={templateToDraft(template.latest)}
              submit={(input) => publishTemplateVersion(template.id, input, template.latestVersion)}
              submitLabel={`Publish version ${template.latestVersion + 1}.0`}
              failureTitle="The new version was not published"
              onCreated={(published) => {
                toast.success('Version published', {
                  description: `${published.name} ${published.version} is what new cards use now.`,
                });
                onChanged();
              }}
            >
              <Button size="sm">
                <UploadIcon aria-hidden="true" />
                Publish new version
              </Button>
            </NewTemplateDialog>
            <RetireTemplateButton
              name={template.name}
              consequence="No organisation can make new cards from it. Cards already made from it keep their version."
              retire={() => retirePublishedTemplate(template.id)}
              onRetired={onChanged}
            />
          </div>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <h4 className="font-medium text-muted-foreground text-sm">Versions</h4>
        <ol className="flex flex-col gap-0.5 text-sm">
          {template.versions.map((version) => (
            <li key={version.versionNumber} className="flex flex-wrap gap-x-2">
              <span className="font-medium">{version.version}</span>
              <span className="text-muted-foreground">
                {version.fieldCount} {version.fieldCount === 1 ? 'field' : 'fields'} · published{' '}
                {dateTime.format(new Date(version.publishedAt))}
                {version.publishedByName ? ` by ${version.publishedByName}` : ''}
              </span>
            </li>
          ))}
        </ol>
        {template.retiredAt ? (
          <p className="text-muted-foreground text-sm">
            Retired {dateTime.format(new Date(template.retiredAt))}
          </p>
        ) : null}
      </div>
      <div>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showFields}
          aria-controls={`${headingId}-fields`}
          onClick={() => setShowFields((shown) => !shown)}
        >
          {showFields ? 'Hide fields' : `Show the fields of version ${template.latest.version}`}
        </Button>
        {showFields ? (
          <div id={`${headingId}-fields`} className="mt-3">
            <TemplateDetails template={template.latest} />
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Templates published to every organisation: publish a new one, publish a new version of one (its
 * latest as the starting point), retire one. Each organisation's new cards take the latest version;
 * cards keep the version they were made with.
 */
export function PublishedTemplatesSection() {
  const queryClient = useQueryClient();
  const templates = useQuery(publishedTemplatesQueryOptions());
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: templatesRulesKeys.published });
    // This system admin's own organisation lists them too.
    void queryClient.invalidateQueries({ queryKey: ['templates'] });
  };
  return (
    <section aria-labelledby="published-templates-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="published-templates-heading" className="font-semibold text-xl tracking-tight">
            Published templates
          </h2>
          <p className="text-muted-foreground text-sm">
            Compliance templates every organisation can make cards from, beside the built-in ones.
          </p>
        </div>
        <NewTemplateDialog
          tenantId=""
          title="Publish a template"
          description="A compliance template for every organisation's cards, published as version 1.0. Fields are placed in the form's sections by their id and name."
          submit={publishNewTemplate}
          submitLabel="Publish version 1.0"
          failureTitle="The template was not published"
          onCreated={(published) => {
            toast.success('Template published', {
              description: `${published.name} 1.0 is available to every organisation.`,
            });
            refresh();
          }}
        >
          <Button>
            <PlusIcon aria-hidden="true" />
            Publish template
          </Button>
        </NewTemplateDialog>
      </div>
      {templates.isPending ? (
        <LoadingStatus>Loading published templates...</LoadingStatus>
      ) : templates.isError ? (
        <LoadError
          title="Could not load the published templates"
          error={templates.error}
          onRetry={() => void templates.refetch()}
        />
      ) : templates.data.length === 0 ? (
        <p className="rounded-lg border border-dashed px-3 py-4 text-muted-foreground text-sm">
          No templates published yet. Publish template makes one available to every organisation.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {templates.data.map((template) => (
            <PublishedTemplateCard key={template.id} template={template} onChanged={refresh} />
          ))}
        </ul>
      )}
    </section>
  );
}
