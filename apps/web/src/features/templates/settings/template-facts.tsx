import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import {
  categoryLabels,
  daysLabel,
  fieldCountLabel,
  requiredDocumentsLabel,
  requiredRolesLabel,
  reviewCycleLabel,
  witnessLabel,
} from './template-labels';

/** 'Built-in', 'Published' (by Wattle to every organisation) or 'Custom', and 'NDIS Required'. */
export function TemplateKindBadges({ template }: { template: FormTemplate }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {template.isBuiltIn ? (
        <Badge variant="secondary">Built-in</Badge>
      ) : template.isPublished ? (
        <Badge variant="secondary">Published</Badge>
      ) : (
        <Badge variant="accent">Custom</Badge>
      )}
      {template.ndisRequired ? <Badge variant="default">NDIS Required</Badge> : null}
    </div>
  );
}

/** A template's properties as a description list: category, days, review cycle, fields, documents… */
export function TemplateFacts({ template, className }: { template: FormTemplate; className?: string }) {
  const facts: [term: string, value: string][] = [
    ['Category', categoryLabels[template.category]],
    ['Estimated duration', daysLabel(template.estimatedDuration)],
    ['Review', reviewCycleLabel(template.complianceRules.reviewCycle)],
    ['Fields', fieldCountLabel(template.fields.length)],
    ['Required documents', requiredDocumentsLabel(template.requiredDocuments)],
    ['Required roles', requiredRolesLabel(template.requiredRoles)],
    ['Witness', witnessLabel(template)],
  ];
  return (
    <dl className={cn('grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs', className)}>
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
