import { isDeclarationCheckbox } from '@wattle/domain/cards/compliance';
import type { ComplianceIssue } from '@wattle/domain/cards/schemas';
import { isRequiredToStartWork } from '@wattle/domain/cards/workflow';
import type { FieldValue, FormField, SignatureValue } from '@wattle/domain/templates/schemas';
import { signatureRuleOf } from '@wattle/domain/templates/signatures';
import { memo, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { Checkbox } from '@/ui/checkbox';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { RadioGroup, RadioGroupItem } from '@/ui/radio-group';
import { DateField } from './date-field';
import { RichTextField } from './rich-text-field';
import { SignatureField } from './signature-field';
import type { Signer } from './use-signer';

export interface FormFieldProps {
  field: FormField;
  value: FieldValue | undefined;
  /** One function for every field (stable), so a field whose value did not change is not drawn again. */
  onFieldChange: (fieldId: string, value: FieldValue) => void;
  /**
   * A rich-text field's typing, at each keystroke: `take()` gives its HTML now (see
   * RichTextEditorProps.onTyping); `onFieldChange` follows once typing pauses. Stable, as `onFieldChange`.
   */
  onFieldTyping?: (fieldId: string, take: () => string | null) => void;
  /** This field's compliance issues; shown (and the field marked invalid) only when `showIssues`. */
  issues: readonly ComplianceIssue[];
  showIssues: boolean;
  /** Shown, not editable (a locked card, or a person who may only read). */
  readOnly?: boolean;
  /** Signature fields: the signed-in person and the hash of the form's values now (decision 0021), worked out when asked. */
  signing?: { signer: Signer | null; currentHash: () => string };
}

const asText = (value: FieldValue | undefined): string => (typeof value === 'string' ? value : '');
const asList = (value: FieldValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const asSignature = (value: FieldValue | undefined): SignatureValue | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null;

/**
 * One form field: label with the required asterisk, the control for its type, help text and issues.
 * Memoised: a keystroke in one field of a 44-field plan re-renders that field only (issue 19).
 */
export const TemplateFormField = memo(function TemplateFormField({
  field,
  value,
  onFieldChange,
  onFieldTyping,
  issues,
  showIssues,
  readOnly = false,
  signing,
}: FormFieldProps) {
  const onChange = (next: FieldValue) => onFieldChange(field.id, next);
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const labelId = `${baseId}-label`;
  const helpId = `${baseId}-help`;
  const issueId = `${baseId}-issue`;
  const invalid = showIssues && issues.length > 0;
  const describedBy =
    [field.helpText ? helpId : null, invalid ? issueId : null].filter(Boolean).join(' ') || undefined;
  const common = { labelId, describedBy, invalid, required: field.required, readOnly };

  const label = (
    <>
      {field.name}
      {field.required ? (
        <span className="text-destructive" aria-hidden="true">
          *
        </span>
      ) : null}
      {/* Said before "Start work" is tried, so the step never asks for a field not marked (issue 18). */}
      {isRequiredToStartWork(field) ? (
        <span className="ml-1 font-normal text-muted-foreground text-xs" data-testid="required-to-start">
          Required to start work
        </span>
      ) : null}
    </>
  );

  let control: ReactNode;
  let labelFor: string | undefined = inputId;
  switch (field.type) {
    case 'text':
    case 'textarea': {
      if (field.type === 'text' && field.validation?.pattern) {
        // A patterned text field (the 9-digit NDIS number) is a plain single-line input: the pattern
        // is matched against the whole value, which rich text would wrap in <p> markup, and there is
        // nothing to format in a number.
        const numeric = /^\^?\\d/.test(field.validation.pattern);
        control = (
          <Input
            id={inputId}
            value={asText(value)}
            inputMode={numeric ? 'numeric' : undefined}
            maxLength={field.validation.maxLength}
            autoComplete="off"
            readOnly={readOnly}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            aria-required={field.required || undefined}
            className="sm:max-w-xs"
            onChange={(event) => onChange(event.target.value)}
          />
        );
      } else {
        labelFor = undefined;
        control = (
          <RichTextField
            id={inputId}
            name={field.name}
            value={asText(value)}
            compact={field.type === 'text'}
            onChange={(html) => onChange(html)}
            onTyping={onFieldTyping ? (take) => onFieldTyping(field.id, take) : undefined}
            {...common}
          />
        );
      }
      break;
    }
    case 'select':
      control = (
        <NativeSelect
          id={inputId}
          value={asText(value)}
          disabled={readOnly}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required={field.required || undefined}
          wrapperClassName="w-full sm:w-80"
          className={cn(!asText(value) && 'text-muted-foreground', invalid && 'border-destructive')}
          onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
        >
          <option value="">Select {field.name}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option} className="text-foreground">
              {option}
            </option>
          ))}
        </NativeSelect>
      );
      break;
    case 'date':
      control = (
        <DateField id={inputId} value={asText(value)} onChange={(next) => onChange(next)} {...common} />
      );
      labelFor = undefined;
      break;
    case 'checkbox':
      // A required checkbox that asks a question (uses restrictive practice?) must be answered either
      // way, so it is a Yes/No choice; a declaration stays a tick box (isDeclarationCheckbox, decision 0009).
      if (field.required && !isDeclarationCheckbox(field)) {
        return (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-1.5" data-field-id={field.id}>
            <Label id={labelId} className="gap-1 leading-snug">
              {label}
            </Label>
            <RadioGroup
              aria-labelledby={labelId}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              aria-required
              disabled={readOnly}
              value={value === true ? 'yes' : value === false ? 'no' : ''}
              onValueChange={(next) => onChange(next === 'yes')}
              className="flex gap-6"
            >
              {(['yes', 'no'] as const).map((answer) => (
                <div key={answer} className="flex items-center gap-2">
                  <RadioGroupItem id={`${inputId}-${answer}`} value={answer} />
                  <Label htmlFor={`${inputId}-${answer}`} className="font-normal">
                    {answer === 'yes' ? 'Yes' : 'No'}
                  </Label>
                </div>
              ))}
            </RadioGroup>
            <FieldNotes field={field} helpId={helpId} issueId={issueId} issues={invalid ? issues : []} />
          </div>
        );
      }
      return (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-1.5" data-field-id={field.id}>
          <div className="flex items-start gap-2">
            <Checkbox
              id={inputId}
              checked={value === true}
              disabled={readOnly}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              aria-required={field.required || undefined}
              className="mt-0.5"
              onCheckedChange={(checked) => onChange(checked === true)}
            />
            <Label id={labelId} htmlFor={inputId} className="gap-1 leading-snug">
              {label}
            </Label>
          </div>
          <FieldNotes field={field} helpId={helpId} issueId={issueId} issues={invalid ? issues : []} />
        </div>
      );
    case 'multi-select': {
      const selected = asList(value);
      return (
        <fieldset
          className="grid grid-cols-[minmax(0,1fr)] gap-1.5"
          data-field-id={field.id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
        >
          <legend id={labelId} className="mb-1.5 flex items-center gap-1 font-medium text-sm">
            {label}
          </legend>
          <div
            className={cn('grid gap-2 sm:grid-cols-2', invalid && 'rounded-md border border-destructive p-2')}
          >
            {(field.options ?? []).map((option, index) => {
              const optionId = `${inputId}-${index}`;
              return (
                <div key={option} className="flex items-center gap-2">
                  <Checkbox
                    id={optionId}
                    checked={selected.includes(option)}
                    disabled={readOnly}
                    onCheckedChange={(checked) =>
                      onChange(
                        checked === true
                          ? (field.options ?? []).filter((o) => o === option || selected.includes(o))
                          : selected.filter((o) => o !== option),
                      )
                    }
                  />
                  <Label htmlFor={optionId} className="font-normal">
                    {option}
                  </Label>
                </div>
              );
            })}
          </div>
          <FieldNotes field={field} helpId={helpId} issueId={issueId} issues={invalid ? issues : []} />
        </fieldset>
      );
    }
    case 'signature':
      labelFor = undefined;
      control = (
        <SignatureField
          id={inputId}
          name={field.name}
          value={asSignature(value)}
          onChange={(next) => onChange(next)}
          rule={signatureRuleOf(field)}
          signer={signing?.signer ?? null}
          currentHash={signing?.currentHash() ?? ''}
          {...common}
        />
      );
      break;
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-1.5" data-field-id={field.id}>
      {labelFor ? (
        <Label id={labelId} htmlFor={labelFor} className="gap-1">
          {label}
        </Label>
      ) : (
        // Not a <label>: the control is a group, an editor or a button, named by aria-labelledby.
        <span id={labelId} className="flex items-center gap-1 font-medium text-sm leading-none">
          {label}
        </span>
      )}
      {control}
      <FieldNotes field={field} helpId={helpId} issueId={issueId} issues={invalid ? issues : []} />
    </div>
  );
});

function FieldNotes({
  field,
  helpId,
  issueId,
  issues,
}: {
  field: FormField;
  helpId: string;
  issueId: string;
  issues: readonly ComplianceIssue[];
}) {
  return (
    <>
      {field.helpText ? (
        <p id={helpId} className="text-muted-foreground text-xs">
          {field.helpText}
        </p>
      ) : null}
      {issues.length > 0 ? (
        <div id={issueId} className="grid gap-0.5 text-destructive text-sm">
          {issues.map((issue) => (
            <p key={issue.id}>{issue.description}</p>
          ))}
        </div>
      ) : null}
    </>
  );
}
