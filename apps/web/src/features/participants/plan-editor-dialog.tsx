import {
  formatCents,
  type Plan,
  parseDollarsToCents,
  planManagementLabels,
  planManagementTypes,
  supportCategories,
  supportPurposeLabels,
} from '@wattle/domain/participants/plans';
import { AlertCircleIcon, Loader2Icon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import {
  Controller,
  type FieldErrors,
  type FieldPath,
  type Resolver,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { ApiError, validationIssues } from '@/lib/http';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConflictAlert } from '@/ui/conflict-alert';
import { DateInput } from '@/ui/date-input';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { toast } from '@/ui/toast';
import { useSavePlan } from './api';
import { Field, FieldMessage } from './participant-fields';
import { formatDate } from './participant-format';
import {
  emptyPlanValues,
  type PlanFormValues,
  type PlanIssue,
  planFormPathOf,
  validatePlanValues,
  valuesOfPlan,
} from './plan-values';

/**
 * The NDIS plan editor (issue 13 part 2): start and end dates, management type (the plan manager's
 * name and e-mail when plan-managed), and a budget per support category in dollars. 'edit' changes
 * the plan given, current or upcoming (PUT /plans/{planId}), or records the first plan when there is
 * none (PUT /plan); 'new' records the next plan after the last one (POST /plans), upcoming until its
 * start date while the current plan stays in force.
 */

export type PlanEditorMode = 'edit' | 'new';

function nest(issues: readonly PlanIssue[]): FieldErrors<PlanFormValues> {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const keys = issue.path.split('.');
    let node: Record<string, unknown> = errors;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) {
        node[key] = { type: 'validate', message: issue.message };
        return;
      }
      if (!node[key]) node[key] = key === 'budgets' ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
  }
  return errors as FieldErrors<PlanFormValues>;
}

const resolver: Resolver<PlanFormValues> = (values) => {
  const result = validatePlanValues(values);
  return result.success ? { values, errors: {} } : { values: {}, errors: nest(result.issues) };
};

const purposes = ['core', 'capital', 'capacity'] as const;

export function PlanEditorDialog({
  open,
  onOpenChange,
  tenantId,
  participantId,
  participantName,
  mode,
  plan,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tenantId: string;
  participantId: string;
  participantName: string;
  mode: PlanEditorMode;
  /** 'edit': the plan edited, or null when there is none yet; 'new': the participant's last plan. */
  plan: Plan | null;
}) {
  const title =
    mode === 'new'
      ? 'Start a new plan'
      : !plan
        ? 'Add NDIS Plan'
        : plan.status === 'upcoming'
          ? 'Edit Upcoming NDIS Plan'
          : 'Edit NDIS Plan';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="medium"
        onInteractOutside={(event) => event.preventDefault()}
        data-testid="plan-editor"
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {mode === 'new' && plan
              ? `${participantName}’s new NDIS plan starts after the plan ending ${formatDate(plan.endDate)}. It shows as upcoming until its start date, then becomes the current plan.`
              : `${participantName}’s NDIS plan: its dates, how it is managed, and the budget for each support category.`}
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <PlanEditorForm
            tenantId={tenantId}
            participantId={participantId}
            mode={mode}
            plan={plan}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function PlanEditorForm({
  tenantId,
  participantId,
  mode,
  plan,
  onDone,
}: {
  tenantId: string;
  participantId: string;
  mode: PlanEditorMode;
  plan: Plan | null;
  onDone: () => void;
}) {
  const isNewPlan = mode === 'new' || !plan;
  const form = useForm<PlanFormValues>({
    defaultValues: mode === 'edit' && plan ? valuesOfPlan(plan) : emptyPlanValues(),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, setError, formState, reset } = form;
  const { errors } = formState;
  const rows = useFieldArray({ control, name: 'budgets' });
  const [managementType, budgets] = useWatch({ control, name: ['managementType', 'budgets'] });
  const [baseVersion, setBaseVersion] = useState(plan?.version);
  const [conflict, setConflict] = useState<Plan | null>(null);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const save = useSavePlan(tenantId, participantId);

  const total = budgets.reduce((sum, row) => sum + (parseDollarsToCents(row.amount) ?? 0), 0);
  const usedCategories = new Set(budgets.map((row) => row.category).filter(Boolean));

  const onSubmit = handleSubmit((values) => {
    setGeneralError(null);
    const result = validatePlanValues(values, isNewPlan ? undefined : baseVersion);
    if (!result.success) return;
    save.mutate(
      { input: result.input, isNewPlan, planId: isNewPlan ? undefined : plan?.id, idempotencyKey },
      {
        onSuccess: (saved) => {
          toast.success(
            isNewPlan && plan
              ? saved.status === 'upcoming'
                ? `New plan saved: it starts on ${formatDate(saved.startDate)}`
                : 'New plan started'
              : 'Plan saved',
          );
          onDone();
        },
        onError: (error) => {
          const issues = validationIssues(error);
          if (issues.length > 0) {
            for (const issue of issues) {
              const path = planFormPathOf(issue.path);
              if (path === 'root') setGeneralError(issue.message);
              else setError(path as FieldPath<PlanFormValues>, { type: 'server', message: issue.message });
            }
            return;
          }
          const current =
            error instanceof ApiError && error.code === 'CONFLICT'
              ? (error.details as { current?: Plan } | undefined)?.current
              : undefined;
          if (current) {
            setConflict(current);
            return;
          }
          setGeneralError(
            error instanceof Error ? error.message : 'The plan could not be saved. Please try again.',
          );
        },
      },
    );
  });

  const ids = { manager: 'plan-manager' };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {conflict ? (
        <ConflictAlert title="Someone else changed this plan" role="alert" data-testid="plan-conflict">
          <p>
            They saved it ({formatDate(conflict.startDate)} to {formatDate(conflict.endDate)},{' '}
            {conflict.budgets.length} budgets) since you opened it. Keep yours to save over their changes, or
            load theirs.
          </p>
          <div className="mt-1 flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => {
                setBaseVersion(conflict.version);
                setConflict(null);
              }}
            >
              Keep mine
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                reset(valuesOfPlan(conflict));
                setBaseVersion(conflict.version);
                setConflict(null);
              }}
            >
              Load theirs
            </Button>
          </div>
        </ConflictAlert>
      ) : null}
      {generalError ? (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>The plan was not saved</AlertTitle>
          <AlertDescription>{generalError}</AlertDescription>
        </Alert>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Plan start" required error={errors.startDate?.message}>
          {(c) => (
            <Controller
              control={control}
              name="startDate"
              render={({ field }) => (
                <DateInput id={c.id} aria-invalid={c.invalid} aria-describedby={c.describedBy} {...field} />
              )}
            />
          )}
        </Field>
        <Field label="Plan end" required error={errors.endDate?.message}>
          {(c) => (
            <Controller
              control={control}
              name="endDate"
              render={({ field }) => (
                <DateInput id={c.id} aria-invalid={c.invalid} aria-describedby={c.describedBy} {...field} />
              )}
            />
          )}
        </Field>
        <Field label="Management type" error={errors.managementType?.message} className="sm:col-span-2">
          {(c) => (
            <NativeSelect
              id={c.id}
              wrapperClassName="w-full sm:w-72"
              aria-describedby={c.describedBy}
              {...register('managementType')}
            >
              {planManagementTypes.map((type) => (
                <option key={type} value={type}>
                  {planManagementLabels[type]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {managementType === 'plan' ? (
          <fieldset
            className="grid gap-4 rounded-lg border p-3 sm:col-span-2 sm:grid-cols-2"
            aria-labelledby={ids.manager}
          >
            <legend id={ids.manager} className="px-1 font-medium text-sm">
              Plan manager
            </legend>
            <Field label="Name" required error={errors.planManagerName?.message}>
              {(c) => (
                <Input
                  id={c.id}
                  maxLength={100}
                  aria-invalid={c.invalid}
                  aria-describedby={c.describedBy}
                  {...register('planManagerName')}
                />
              )}
            </Field>
            <Field label="Email" required error={errors.planManagerEmail?.message}>
              {(c) => (
                <Input
                  id={c.id}
                  type="email"
                  maxLength={254}
                  aria-invalid={c.invalid}
                  aria-describedby={c.describedBy}
                  {...register('planManagerEmail')}
                />
              )}
            </Field>
          </fieldset>
        ) : null}
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-medium text-sm">Budgets by support category</legend>
        <FieldMessage
          id="plan-budgets-error"
          message={errors.budgets?.root?.message ?? errors.budgets?.message}
        />
        <ul className="flex flex-col gap-3">
          {rows.fields.map((row, index) => {
            const rowErrors = errors.budgets?.[index];
            const categoryId = `budget-${row.id}-category`;
            const amountId = `budget-${row.id}-amount`;
            return (
              <li
                key={row.id}
                className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[1fr_10rem_auto] sm:items-start"
                data-testid="budget-row"
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <Label htmlFor={categoryId} className="sr-only">
                    Support category of budget {index + 1}
                  </Label>
                  <NativeSelect
                    id={categoryId}
                    wrapperClassName="w-full"
                    aria-invalid={rowErrors?.category ? true : undefined}
                    aria-describedby={rowErrors?.category ? `${categoryId}-error` : undefined}
                    {...register(`budgets.${index}.category`)}
                  >
                    <option value="">Choose a support category</option>
                    {purposes.map((purpose) => (
                      <optgroup key={purpose} label={supportPurposeLabels[purpose]}>
                        {supportCategories
                          .filter((category) => category.purpose === purpose)
                          .map((category) => (
                            <option
                              key={category.number}
                              value={category.number}
                              disabled={
                                usedCategories.has(category.number) &&
                                budgets[index]?.category !== category.number
                              }
                            >
                              {category.number} {category.name}
                            </option>
                          ))}
                      </optgroup>
                    ))}
                  </NativeSelect>
                  <FieldMessage id={`${categoryId}-error`} message={rowErrors?.category?.message} />
                </div>
                <div className="col-start-1 flex min-w-0 flex-col gap-1 sm:col-start-auto">
                  <Label htmlFor={amountId} className="sr-only">
                    Amount of budget {index + 1} in dollars
                  </Label>
                  <div className="relative">
                    <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground text-sm">
                      $
                    </span>
                    <Input
                      id={amountId}
                      inputMode="decimal"
                      placeholder="0.00"
                      className="pl-6 tabular-nums"
                      aria-invalid={rowErrors?.amount ? true : undefined}
                      aria-describedby={rowErrors?.amount ? `${amountId}-error` : undefined}
                      {...register(`budgets.${index}.amount`)}
                    />
                  </div>
                  <FieldMessage id={`${amountId}-error`} message={rowErrors?.amount?.message} />
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="col-start-2 row-start-1 text-destructive hover:text-destructive sm:col-start-auto sm:row-start-auto"
                  aria-label={`Remove budget ${index + 1}`}
                  onClick={() => rows.remove(index)}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={rows.fields.length >= supportCategories.length}
            onClick={() =>
              rows.append(
                { category: '', amount: '' },
                { focusName: `budgets.${rows.fields.length}.category` },
              )
            }
          >
            <PlusIcon aria-hidden="true" />
            Add budget
          </Button>
          <p className="text-sm" data-testid="plan-total">
            Total <span className="font-medium tabular-nums">{formatCents(total)}</span>
          </p>
        </div>
      </fieldset>

      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {mode === 'new' && plan ? 'Start plan' : 'Save plan'}
        </Button>
      </div>
    </form>
  );
}
