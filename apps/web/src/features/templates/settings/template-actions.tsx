import { useMutation } from '@tanstack/react-query';
import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { CopyIcon, PencilIcon } from 'lucide-react';
import { Button } from '@/ui/button';
import { toast } from '@/ui/toast';
import { copyTemplate, retireTemplate, saveTemplateVersion } from './api';
import { NewTemplateDialog } from './new-template-dialog';
import { RetireTemplateButton } from './retire-template-button';
import { templateToDraft } from './template-draft';

/**
 * What a tenant owner or admin may do with a template on /settings/templates: edit one of the
 * organisation's own templates as a new version (cards made earlier keep theirs), copy any template
 * into a new custom one, and retire one of its own. Each answer replaces the list's entry.
 */
export function TemplateActions({
  tenantId,
  template,
  onChanged,
}: {
  tenantId: string;
  template: FormTemplate;
  /** After the server answered: the page refreshes the list and selects `selected`. */
  onChanged: (selected: FormTemplate | null) => void;
}) {
  const isOwn = !template.isBuiltIn && !template.isPublished;
  const copy = useMutation({
    mutationFn: () => copyTemplate(tenantId, template.id),
    onSuccess: (created) => {
      toast.success('Template copied', { description: `${created.name} is ready to edit.` });
      onChanged(created);
    },
    onError: (error) => toast.error('Could not copy the template', { description: error.message }),
  });

  return (
    <div className="flex flex-wrap gap-2" data-testid="template-actions">
      {isOwn ? (
        <NewTemplateDialog
          tenantId={tenantId}
          title={`Edit ${template.name}`}
          description={`Saving makes version ${(template.versionNumber ?? 1) + 1}.0. Cards made from version ${template.version} keep it; new cards use the new version.`}
          initial={templateToDraft(template)}
          submit={(input) => saveTemplateVersion(tenantId, template.id, input, template.versionNumber ?? 1)}
          submitLabel="Save as new version"
          failureTitle="The new version was not saved"
          onCreated={(saved) => {
            toast.success('New version saved', {
              description: `${saved.name} is now version ${saved.version}.`,
            });
            onChanged(saved);
          }}
        >
          <Button variant="outline" size="sm">
            <PencilIcon aria-hidden="true" />
            Edit as new version
          </Button>
        </NewTemplateDialog>
      ) : null}
      <Button variant="outline" size="sm" disabled={copy.isPending} onClick={() => copy.mutate()}>
        <CopyIcon aria-hidden="true" />
        Copy
      </Button>
      {isOwn ? (
        <RetireTemplateButton
          name={template.name}
          consequence="No new cards can be made from it and it leaves this list. Cards already made from it keep it, in their own version."
          retire={() => retireTemplate(tenantId, template.id)}
          onRetired={() => onChanged(null)}
        />
      ) : null}
    </div>
  );
}
