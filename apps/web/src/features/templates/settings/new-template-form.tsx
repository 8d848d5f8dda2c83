import { useMutation } from '@tanstack/react-query';
import {
  type CreateTemplateInput,
  type FormTemplate,
  fieldTypes,
  signatureSigners,
  templateCategories,
} from '@wattle/domain/templates/schemas';
import { formSections, sectionOfField } from '@wattle/domain/templates/sections';
import { AlertCircleIcon, ArrowDownIcon, ArrowUpIcon, Loader2Icon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type Path,
  type Resolver,
  type UseFormReturn,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { cn } from '@/lib/cn';
import { ApiError, validationIssues } from '@/lib/http';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { createTemplate } from './api';
import {
  deriveFieldId,
  emptyFieldDraft,
  emptyTemplateDraft,
  formPathOf,
  hasLengthBounds,
  hasOptions,
  hasPattern,
  nestDraftIssues,
  type TemplateDraft,
  validateTemplateDraft,
} from './template-draft';
import { categoryLabels, fieldTypeLabels, signerChoiceLabels } from './template-labels';

const maxFields = 200;

const textareaClass =
  'flex min-h-16 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 aria-invalid:border-destructive md:text-sm';

/** Checks the form with CreateTemplateSchema (template-draft.ts) and names each problem by its input. */
const templateDraftResolver: Resolver<TemplateDraft> = (values) => {
  const result = validateTemplateDraft(values);
  if (result.success) return { values, errors: {} };
  return { values: {}, errors: nestDraftIssues(result.issues) as FieldErrors<TemplateDraft> };
};

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-destructive text-sm">
      {message}
    </p>
  );
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-muted-foreground text-xs">
      {children}
    </p>
  );
}

function CheckboxRow({
  control,
  name,
  id,
  label,
}: {
  control: Control<TemplateDraft>;
  name: Path<TemplateDraft>;
  id: string;
  label: string;
}) {
  return (
    <div className="flex items-center gap-2">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Checkbox
            id={id}
            ref={field.ref}
            checked={field.value === true}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
          />
        )}
      />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}

const sectionNames = new Map(formSections.map((section) => [section.id, section.name]));

function FieldRow({
  form,
  index,
  rowKey,
  count,
  onMove,
  onRemove,
}: {
  form: UseFormReturn<TemplateDraft>;
  index: number;
  /** The row's stable key (react-hook-form's), for element ids that survive reordering. */
  rowKey: string;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const { control, register, getValues, setValue, formState } = form;
  const errors = formState.errors.fields?.[index];
  const [type, id, name] = useWatch({
    control,
    name: [`fields.${index}.type`, `fields.${index}.id`, `fields.${index}.name`],
  });
  const base = `template-field-${rowKey}`;
  const number = index + 1;
  const section = sectionNames.get(sectionOfField({ id: id.trim(), name, type }));
  const revalidate = formState.isSubmitted;

  return (
    <li>
      <fieldset
        className="flex flex-col gap-3 rounded-lg border bg-card p-3 sm:p-4"
        aria-describedby={`${base}-section`}
        data-testid="template-field-row"
      >
        <legend className="sr-only">Field {number}</legend>
        <div className="flex items-center justify-between gap-2">
          <span className="font-medium text-sm" aria-hidden="true">
            Field {number}
          </span>
          <div className="flex gap-1">
            <Button
              id={`${base}-up`}
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Move field ${number} up`}
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
            >
              <ArrowUpIcon aria-hidden="true" />
            </Button>
            <Button
              id={`${base}-down`}
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Move field ${number} down`}
              disabled={index === count - 1}
              onClick={() => onMove(index, index + 1)}
            >
              <ArrowDownIcon aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-destructive hover:text-destructive"
              aria-label={`Remove field ${number}`}
              disabled={count === 1}
              onClick={() => onRemove(index)}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </div>
        </div>

        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${base}-name`}>Field name</Label>
            <Input
              id={`${base}-name`}
              aria-invalid={errors?.name ? true : undefined}
              aria-describedby={describedBy(errors?.name && `${base}-name-error`)}
              {...register(`fields.${index}.name`, {
                onChange: (event: { target: { value: string } }) => {
                  if (getValues(`fields.${index}.idEdited`)) return;
                  const others = getValues('fields')
                    .filter((_, i) => i !== index)
                    .map((field) => field.id.trim());
                  setValue(`fields.${index}.id`, deriveFieldId(event.target.value, others), {
                    shouldValidate: revalidate,
                    shouldDirty: true,
                  });
                },
              })}
            />
            <FieldMessage id={`${base}-name-error`} message={errors?.name?.message} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${base}-id`}>Field id</Label>
            <Input
              id={`${base}-id`}
              className="font-mono"
              spellCheck={false}
              autoCapitalize="off"
              aria-invalid={errors?.id ? true : undefined}
              aria-describedby={describedBy(`${base}-id-hint`, errors?.id && `${base}-id-error`)}
              {...register(`fields.${index}.id`, {
                onChange: (event: { target: { value: string } }) => {
                  setValue(`fields.${index}.idEdited`, event.target.value.trim() !== '');
                },
              })}
            />
            <Hint id={`${base}-id-hint`}>Made from the name; lower-case letters, digits and hyphens.</Hint>
            <FieldMessage id={`${base}-id-error`} message={errors?.id?.message} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${base}-type`}>Type</Label>
            <NativeSelect
              id={`${base}-type`}
              wrapperClassName="w-full"
              aria-invalid={errors?.type ? true : undefined}
              {...register(`fields.${index}.type`)}
            >
              {fieldTypes.map((fieldType) => (
                <option key={fieldType} value={fieldType}>
                  {fieldTypeLabels[fieldType]}
                </option>
              ))}
            </NativeSelect>
            <FieldMessage id={`${base}-type-error`} message={errors?.type?.message} />
          </div>
          <div className="flex items-end pb-2">
            <div className="flex items-center gap-2">
              <Controller
                control={control}
                name={`fields.${index}.required`}
                render={({ field }) => (
                  <Checkbox
                    id={`${base}-required`}
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    onBlur={field.onBlur}
                  />
                )}
              />
              <Label htmlFor={`${base}-required`} className="font-normal">
                Required
              </Label>
            </div>
          </div>
        </div>

        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${base}-help`}>Help text</Label>
          <Input
            id={`${base}-help`}
            aria-invalid={errors?.helpText ? true : undefined}
            aria-describedby={describedBy(errors?.helpText && `${base}-help-error`)}
            {...register(`fields.${index}.helpText`)}
          />
          <FieldMessage id={`${base}-help-error`} message={errors?.helpText?.message} />
        </div>

        {hasOptions(type) ? (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${base}-options`}>Options</Label>
            <textarea
              id={`${base}-options`}
              rows={4}
              className={textareaClass}
              aria-invalid={errors?.optionsText ? true : undefined}
              aria-describedby={describedBy(
                `${base}-options-hint`,
                errors?.optionsText && `${base}-options-error`,
              )}
              {...register(`fields.${index}.optionsText`)}
            />
            <Hint id={`${base}-options-hint`}>One option per line.</Hint>
            <FieldMessage id={`${base}-options-error`} message={errors?.optionsText?.message} />
          </div>
        ) : null}

        {hasLengthBounds(type) ? (
          <div className="grid grid-cols-2 gap-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${base}-min`}>Min length</Label>
              <Input
                id={`${base}-min`}
                type="number"
                inputMode="numeric"
                min={0}
                aria-invalid={errors?.minLength ? true : undefined}
                aria-describedby={describedBy(errors?.minLength && `${base}-min-error`)}
                {...register(`fields.${index}.minLength`)}
              />
              <FieldMessage id={`${base}-min-error`} message={errors?.minLength?.message} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${base}-max`}>Max length</Label>
              <Input
                id={`${base}-max`}
                type="number"
                inputMode="numeric"
                min={1}
                aria-invalid={errors?.maxLength ? true : undefined}
                aria-describedby={describedBy(errors?.maxLength && `${base}-max-error`)}
                {...register(`fields.${index}.maxLength`)}
              />
              <FieldMessage id={`${base}-max-error`} message={errors?.maxLength?.message} />
            </div>
          </div>
        ) : null}

        {hasPattern(type) ? (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${base}-pattern`}>Pattern</Label>
            <Input
              id={`${base}-pattern`}
              className="font-mono"
              spellCheck={false}
              autoCapitalize="off"
              aria-invalid={errors?.pattern ? true : undefined}
              aria-describedby={describedBy(
                `${base}-pattern-hint`,
                errors?.pattern && `${base}-pattern-error`,
              )}
              {...register(`fields.${index}.pattern`)}
            />
            <Hint id={`${base}-pattern-hint`}>
              A regular expression the whole value must match, such as ^\d{'{'}9{'}'}$ for nine digits.
            </Hint>
            <FieldMessage id={`${base}-pattern-error`} message={errors?.pattern?.message} />
          </div>
        ) : null}

        {type === 'signature' ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${base}-signer`}>Who signs</Label>
              <NativeSelect
                id={`${base}-signer`}
                wrapperClassName="w-full"
                aria-describedby={`${base}-signer-hint`}
                {...register(`fields.${index}.signer`)}
              >
                {signatureSigners.map((signer) => (
                  <option key={signer} value={signer}>
                    {signerChoiceLabels[signer]}
                  </option>
                ))}
              </NativeSelect>
              <Hint id={`${base}-signer-hint`}>
                Their own signature is in the signed-in person's name; a captured one names the person and
                records who captured it.
              </Hint>
            </div>
            <div className="flex items-end pb-2">
              <div className="flex items-center gap-2">
                <Controller
                  control={control}
                  name={`fields.${index}.clinicianOnly`}
                  render={({ field }) => (
                    <Checkbox
                      id={`${base}-clinician`}
                      ref={field.ref}
                      checked={field.value}
                      onCheckedChange={(checked) => field.onChange(checked === true)}
                      onBlur={field.onBlur}
                    />
                  )}
                />
                <Label htmlFor={`${base}-clinician`} className="font-normal">
                  Only a clinician may sign
                </Label>
              </div>
            </div>
          </div>
        ) : null}

        <p id={`${base}-section`} className="text-muted-foreground text-xs">
          Shown in {section ?? 'the form'}.
        </p>
      </fieldset>
    </li>
  );
}

/** Moves focus to an element once React has put the rows in their new order. */
function focusSoon(elementId: string, fallbackId?: string) {
  requestAnimationFrame(() => {
    const element = document.getElementById(elementId);
    if (element instanceof HTMLButtonElement && element.disabled && fallbackId) {
      document.getElementById(fallbackId)?.focus();
    } else element?.focus();
  });
}

/**
 * The New template form: the template's name, description, category, rules, and its fields (added,
 * removed and reordered here). Checked with CreateTemplateSchema as the person goes once they have
 * tried to create it; the server's 400 details land on the same inputs. With `initial` and `submit`
 * it edits an existing template into a new version (or publishes one on /templates-rules).
 */
export function NewTemplateForm({
  tenantId,
  onCreated,
  onCancel,
  onDirtyChange,
  initial,
  submit,
  submitLabel = 'Create template',
  failureTitle = 'The template was not created',
}: {
  tenantId: string;
  onCreated: (template: FormTemplate) => void;
  onCancel: () => void;
  onDirtyChange: (isDirty: boolean) => void;
  /** The values to start from; an empty template when absent. */
  initial?: TemplateDraft;
  /** What saving does; creating a custom template of the tenant when absent. */
  submit?: (input: CreateTemplateInput) => Promise<FormTemplate>;
  submitLabel?: string;
  failureTitle?: string;
}) {
  const formId = useId();
  const form = useForm<TemplateDraft>({
    defaultValues: initial ?? emptyTemplateDraft(),
    resolver: templateDraftResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, register, handleSubmit, setError, formState } = form;
  const { errors, isDirty, isSubmitted } = formState;
  const rows = useFieldArray({ control, name: 'fields' });

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const create = useMutation({
    mutationFn: (input: CreateTemplateInput) => (submit ? submit(input) : createTemplate(tenantId, input)),
    onSuccess: (template) => onCreated(template),
    onError: (error) => {
      for (const issue of validationIssues(error)) {
        const path = formPathOf(issue.path);
        if (path !== 'root')
          setError(path as Path<TemplateDraft>, { type: 'server', message: issue.message });
      }
    },
  });

  const ids = {
    name: `${formId}-name`,
    description: `${formId}-description`,
    category: `${formId}-category`,
    duration: `${formId}-duration`,
    review: `${formId}-review`,
    ndis: `${formId}-ndis`,
    signature: `${formId}-signature`,
    witness: `${formId}-witness`,
    fieldsError: `${formId}-fields-error`,
    formError: `${formId}-form-error`,
    summary: `${formId}-summary`,
  };

  const serverError = create.error;
  const isValidationRefusal = serverError instanceof ApiError && validationIssues(serverError).length > 0;
  const fieldsRootMessage = errors.fields?.root?.message ?? errors.fields?.message;
  const errorCount = Object.keys(errors).length;

  function moveRow(from: number, to: number) {
    const key = rows.fields[from]?.id;
    rows.move(from, to);
    if (!key) return;
    const direction = to < from ? 'up' : 'down';
    const other = direction === 'up' ? 'down' : 'up';
    focusSoon(`template-field-${key}-${direction}`, `template-field-${key}-${other}`);
  }

  function removeRow(index: number) {
    const next = rows.fields[index + 1] ?? rows.fields[index - 1];
    rows.remove(index);
    if (next) focusSoon(`template-field-${next.id}-name`);
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      aria-describedby={serverError && !isValidationRefusal ? ids.formError : undefined}
      onSubmit={handleSubmit((draft) => {
        const result = validateTemplateDraft(draft);
        if (result.success) create.mutate(result.input);
      })}
    >
      {serverError ? (
        <Alert variant="destructive" id={ids.formError}>
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>{failureTitle}</AlertTitle>
          <AlertDescription>
            {isValidationRefusal
              ? 'The server refused some entries: see the messages beside them.'
              : serverError.message}
          </AlertDescription>
        </Alert>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <Label htmlFor={ids.name}>
            Template name <span className="font-normal text-muted-foreground">(required)</span>
          </Label>
          <Input
            id={ids.name}
            aria-required="true"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy(errors.name && `${ids.name}-error`)}
            {...register('name')}
          />
          <FieldMessage id={`${ids.name}-error`} message={errors.name?.message} />
        </div>
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <Label htmlFor={ids.description}>Description</Label>
          <textarea
            id={ids.description}
            rows={2}
            className={textareaClass}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy(errors.description && `${ids.description}-error`)}
            {...register('description')}
          />
          <FieldMessage id={`${ids.description}-error`} message={errors.description?.message} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.category}>Category</Label>
          <NativeSelect id={ids.category} wrapperClassName="w-full" {...register('category')}>
            {templateCategories.map((category) => (
              <option key={category} value={category}>
                {categoryLabels[category]}
              </option>
            ))}
          </NativeSelect>
          <FieldMessage id={`${ids.category}-error`} message={errors.category?.message} />
        </div>
        <div className="hidden sm:block" />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.duration}>Estimated duration (days)</Label>
          <Input
            id={ids.duration}
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            aria-invalid={errors.estimatedDuration ? true : undefined}
            aria-describedby={describedBy(
              `${ids.duration}-hint`,
              errors.estimatedDuration && `${ids.duration}-error`,
            )}
            {...register('estimatedDuration')}
          />
          <Hint id={`${ids.duration}-hint`}>A new card is due this many days after it is created.</Hint>
          <FieldMessage id={`${ids.duration}-error`} message={errors.estimatedDuration?.message} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.review}>Review cycle (days)</Label>
          <Input
            id={ids.review}
            type="number"
            inputMode="numeric"
            min={0}
            aria-invalid={errors.reviewCycle ? true : undefined}
            aria-describedby={describedBy(`${ids.review}-hint`, errors.reviewCycle && `${ids.review}-error`)}
            {...register('reviewCycle')}
          />
          <Hint id={`${ids.review}-hint`}>0 for no review cycle.</Hint>
          <FieldMessage id={`${ids.review}-error`} message={errors.reviewCycle?.message} />
        </div>
        <div className="flex flex-col gap-2.5 sm:col-span-2">
          <CheckboxRow control={control} name="ndisRequired" id={ids.ndis} label="NDIS required" />
          <CheckboxRow
            control={control}
            name="signatureRequired"
            id={ids.signature}
            label="Signature required"
          />
          <CheckboxRow control={control} name="witnessRequired" id={ids.witness} label="Witness required" />
        </div>
      </div>

      <fieldset
        className="flex flex-col gap-3"
        aria-describedby={describedBy(fieldsRootMessage && ids.fieldsError)}
      >
        <legend className="font-semibold text-base">Fields</legend>
        {fieldsRootMessage ? (
          <p id={ids.fieldsError} role="alert" className="text-destructive text-sm">
            {fieldsRootMessage}
          </p>
        ) : null}
        <ol className="flex flex-col gap-3">
          {rows.fields.map((row, index) => (
            <FieldRow
              key={row.id}
              form={form}
              index={index}
              rowKey={row.id}
              count={rows.fields.length}
              onMove={moveRow}
              onRemove={removeRow}
            />
          ))}
        </ol>
        <Button
          variant="outline"
          className="self-start"
          disabled={rows.fields.length >= maxFields}
          onClick={() => rows.append(emptyFieldDraft(), { focusName: `fields.${rows.fields.length}.name` })}
        >
          <PlusIcon aria-hidden="true" />
          Add field
        </Button>
      </fieldset>

      <div className="flex flex-col gap-3 border-t pt-4">
        {isSubmitted && errorCount > 0 ? (
          <p id={ids.summary} className={cn('text-destructive text-sm')} role="status">
            Some entries need attention: see the messages above.
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
