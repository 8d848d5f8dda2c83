import type { FormField, FormTemplate } from '@wattle/domain/templates/schemas';
import { groupFieldsBySection } from '@wattle/domain/templates/sections';
import { signatureRuleOf } from '@wattle/domain/templates/signatures';
import type { Ref } from 'react';
import { Badge } from '@/ui/badge';
import { TemplateFacts, TemplateKindBadges } from './template-facts';
import { fieldTypeLabels, fileSizeLabel, lengthBoundsLabel, signatureRuleLabel } from './template-labels';

function FieldDetails({ field }: { field: FormField }) {
  const bounds = lengthBoundsLabel(field.validation);
  const pattern = field.validation?.pattern;
  return (
    <li className="flex flex-col gap-1.5 rounded-lg border bg-card px-3 py-2.5" data-testid="template-field">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-medium text-sm">{field.name}</span>
        <code className="break-all text-muted-foreground text-xs">{field.id}</code>
      </div>
      <div className="flex flex-wrap gap-1.5">
        <Badge variant="secondary">{fieldTypeLabels[field.type]}</Badge>
        {field.required ? (
          <Badge variant="outline">Required</Badge>
        ) : (
          <Badge variant="outline">Optional</Badge>
        )}
        {field.ndisStandard ? <Badge variant="accent">NDIS standard</Badge> : null}
      </div>
      {field.type === 'signature' ? (
        <p className="text-muted-foreground text-xs">{signatureRuleLabel(signatureRuleOf(field))}</p>
      ) : null}
      {bounds || pattern ? (
        <p className="text-muted-foreground text-xs">
          {bounds}
          {bounds && pattern ? '; ' : null}
          {pattern ? (
            <>
              pattern <code className="break-all">{pattern}</code>
            </>
          ) : null}
        </p>
      ) : null}
      {field.options && field.options.length > 0 ? (
        <div className="text-xs">
          <span className="text-muted-foreground">Options: </span>
          {field.options.join(', ')}
        </div>
      ) : null}
      {field.helpText ? <p className="text-muted-foreground text-xs">{field.helpText}</p> : null}
    </li>
  );
}

/**
 * One template, read-only: what the list shows, its required documents, and its fields grouped by
 * the form section each lands in (`groupFieldsBySection`, as the template form shows them).
 */
export function TemplateDetails({
  template,
  headingRef,
}: {
  template: FormTemplate;
  /** The heading, focused when the details open below the list on a narrow screen. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const groups = groupFieldsBySection(template.fields);
  const headingId = `template-details-${template.id}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5" data-testid="template-details">
      <div className="flex flex-col gap-2">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="font-semibold text-xl tracking-tight outline-none"
        >
          {template.name}
        </h2>
        <TemplateKindBadges template={template} />
        {template.description ? (
          <p className="text-muted-foreground text-sm">{template.description}</p>
        ) : null}
        <TemplateFacts template={template} />
        <p className="text-muted-foreground text-xs">
          Version {template.version}
          {template.complianceRules.signatureRequired ? ' · Signature required' : ''}
        </p>
      </div>

      {template.requiredDocuments.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold text-base">Required documents</h3>
          <ul className="flex flex-col gap-2">
            {template.requiredDocuments.map((document) => (
              <li key={document.id} className="rounded-lg border bg-card px-3 py-2.5 text-sm">
                <p className="font-medium">
                  {document.name}
                  {document.required ? '' : ' (optional)'}
                </p>
                {document.description ? (
                  <p className="text-muted-foreground text-xs">{document.description}</p>
                ) : null}
                <p className="mt-1 text-muted-foreground text-xs">
                  {document.formats.map((format) => format.toUpperCase()).join(', ')} · up to{' '}
                  {fileSizeLabel(document.maxSize)} · kept {document.retention.keepFor} days
                  {document.retention.autoDelete ? ', then deleted' : ''}
                </p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="flex flex-col gap-4">
        <h3 className="font-semibold text-base">Fields</h3>
        {groups.map((group) => {
          const sectionHeadingId = `${headingId}-${group.section.id}`;
          return (
            <section
              key={group.section.id}
              aria-labelledby={sectionHeadingId}
              className="flex flex-col gap-2"
            >
              <h4 id={sectionHeadingId} className="font-medium text-muted-foreground text-sm">
                {group.section.name}
                <span className="font-normal"> ({group.fields.length})</span>
              </h4>
              <ul className="flex flex-col gap-2">
                {group.fields.map((field) => (
                  <FieldDetails key={field.id} field={field} />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </section>
  );
}
