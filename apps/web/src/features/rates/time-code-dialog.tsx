import { formatCents } from '@wattle/domain/participants/plans';
import type { AustralianState, SupportItem } from '@wattle/domain/time/catalogue';
import { type TimeCode, timeCodeMessages, type UpdateTimeCode } from '@wattle/domain/time/time-codes';
import { AlertCircleIcon, Loader2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, validationIssues } from '@/lib/http';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConflictAlert } from '@/ui/conflict-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog';
import { FormField, fieldAria } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { Switch } from '@/ui/switch';
import { toast } from '@/ui/toast';
import { useCreateTimeCode, useUpdateTimeCode } from './api';
import { limitText, rateText, readRate } from './rate-form';
import { SupportItemPicker } from './support-item-picker';

export type TimeCodeDialogMode = { kind: 'add' } | { kind: 'edit'; code: TimeCode };

type Field = 'code' | 'description' | 'hourlyRateCents';

/**
 * Adding a time code (a support item found in the catalogue, a description and an hourly rate) or
 * editing one (description, rate, active), for those who manage rates. The rate is checked against
 * the item's price limit for the tenant's state as it is typed; the server checks again and its
 * refusal is shown on the field it names. A 409 offers the other person's version.
 */
export function TimeCodeDialog({
  open,
  onOpenChange,
  tenantId,
  state,
  mode,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tenantId: string;
  state: AustralianState;
  mode: TimeCodeDialogMode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="medium" data-testid="time-code-dialog">
        <DialogHeader>
          <DialogTitle>{mode.kind === 'add' ? 'Add time code' : `Edit ${mode.code.code}`}</DialogTitle>
          <DialogDescription>
            {mode.kind === 'add'
              ? 'Choose the NDIS support item time is billed against, and the hourly rate this organisation charges for it.'
              : 'Change the description, the hourly rate or whether the code can be chosen for new time.'}
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <TimeCodeForm tenantId={tenantId} state={state} mode={mode} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function TimeCodeForm({
  tenantId,
  state,
  mode,
  onDone,
}: {
  tenantId: string;
  state: AustralianState;
  mode: TimeCodeDialogMode;
  onDone: () => void;
}) {
  const editing = mode.kind === 'edit' ? mode.code : null;
  const [base, setBase] = useState<TimeCode | null>(editing);
  const [item, setItem] = useState<SupportItem | null>(null);
  const [description, setDescription] = useState(editing?.description ?? '');
  const [hasTypedDescription, setHasTypedDescription] = useState(editing !== null);
  const [rate, setRate] = useState(editing ? rateText(editing.hourlyRateCents) : '');
  const [isActive, setIsActive] = useState(editing?.isActive ?? true);
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<TimeCode | null>(null);
  const create = useCreateTimeCode(tenantId);
  const update = useUpdateTimeCode(tenantId);
  const isSaving = create.isPending || update.isPending;
  const ids = { description: useId(), rate: useId(), active: useId() };

  const code = editing?.code ?? item?.number ?? null;
  const limitCents = editing ? (base?.priceLimitCents ?? null) : item ? item.priceLimitsCents[state] : null;
  const limitState = editing?.priceLimitState ?? state;
  // The server checks the limit of a new code, and of an active code's new rate.
  const checksLimit = !editing || isActive;
  const rateRead = readRate(
    rate,
    code && checksLimit ? { code, cents: limitCents, state: limitState } : null,
  );
  const errors: Partial<Record<Field, string>> = {
    ...(wasSubmitted
      ? {
          ...(editing || item ? {} : { code: 'Choose a support item' }),
          ...(description.trim() ? {} : { description: timeCodeMessages.description }),
          ...('error' in rateRead ? { hourlyRateCents: rateRead.error } : {}),
        }
      : {}),
    ...serverErrors,
  };

  function chooseItem(next: SupportItem) {
    setItem(next);
    setServerErrors({});
    if (!hasTypedDescription) setDescription(next.name);
  }

  function showRefusal(error: unknown) {
    if (error instanceof ApiError && error.code === 'CONFLICT' && editing) {
      const current = (error.details as { current?: TimeCode } | undefined)?.current;
      if (current) {
        setConflict(current);
        return;
      }
    }
    const fields: Partial<Record<Field, string>> = {};
    for (const issue of validationIssues(error)) {
      const field = issue.path[0];
      if (field === 'code' || field === 'description' || field === 'hourlyRateCents')
        fields[field] = issue.message;
    }
    if (Object.keys(fields).length > 0) setServerErrors(fields);
    else setFailure(error instanceof Error ? error.message : 'The time code could not be saved.');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setWasSubmitted(true);
    setServerErrors({});
    setFailure(null);
    if ('error' in rateRead || !description.trim() || (!editing && !item)) return;
    const cents = rateRead.cents;
    if (!editing) {
      create.mutate(
        { code: item!.number, description: description.trim(), hourlyRateCents: cents, isActive },
        {
          onSuccess: (saved) => {
            toast.success('Time code added', {
              description: `${saved.code} at ${formatCents(saved.hourlyRateCents)} an hour.`,
            });
            onDone();
          },
          onError: showRefusal,
        },
      );
      return;
    }
    const current = base ?? editing;
    const change: UpdateTimeCode = { version: current.version };
    if (description.trim() !== current.description) change.description = description.trim();
    if (cents !== current.hourlyRateCents) change.hourlyRateCents = cents;
    if (isActive !== current.isActive) change.isActive = isActive;
    if (Object.keys(change).length === 1) {
      onDone();
      return;
    }
    update.mutate(
      { id: editing.id, change },
      {
        onSuccess: (saved) => {
          toast.success('Time code saved', { description: `${saved.code}: ${saved.description}` });
          onDone();
        },
        onError: showRefusal,
      },
    );
  }

  function takeTheirs(current: TimeCode) {
    setBase(current);
    setDescription(current.description);
    setRate(rateText(current.hourlyRateCents));
    setIsActive(current.isActive);
    setConflict(null);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {conflict ? (
        <ConflictAlert title="Someone else changed this time code">
          <p>
            It is now “{conflict.description}” at {formatCents(conflict.hourlyRateCents)} an hour,{' '}
            {conflict.isActive ? 'active' : 'inactive'}.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => takeTheirs(conflict)}>
              Use their version
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                setBase(conflict);
                setConflict(null);
              }}
            >
              Keep mine and save again
            </Button>
          </div>
        </ConflictAlert>
      ) : null}

      {editing ? (
        <div className="rounded-md border bg-muted/40 px-3 py-2 text-sm">
          <p className="font-mono text-xs">{editing.code}</p>
          <p className="text-muted-foreground text-xs">
            {editing.isInCatalogue
              ? `Price limit: ${limitText(editing.priceLimitCents, editing.priceLimitState)}`
              : 'Not in the catalogue in force today: it can be renamed or made inactive, but not charged again until the catalogue lists it.'}
          </p>
        </div>
      ) : (
        <div className="flex flex-col gap-1">
          <SupportItemPicker tenantId={tenantId} state={state} selected={item} onSelect={chooseItem} />
          {errors.code ? (
            <p className="text-destructive text-sm" role="alert">
              {errors.code}
            </p>
          ) : null}
        </div>
      )}

      <FormField id={ids.description} label="Description" isRequired error={errors.description}>
        <Input
          id={ids.description}
          value={description}
          maxLength={200}
          onChange={(event) => {
            setDescription(event.target.value);
            setHasTypedDescription(true);
          }}
          {...fieldAria(ids.description, { error: errors.description, isRequired: true })}
        />
      </FormField>

      <FormField
        id={ids.rate}
        label="Hourly rate ($)"
        isRequired
        hint={code ? `Price limit: ${limitText(limitCents, limitState)}` : undefined}
        error={errors.hourlyRateCents}
      >
        <Input
          id={ids.rate}
          inputMode="decimal"
          value={rate}
          placeholder="68.45"
          onChange={(event) => {
            setRate(event.target.value);
            setServerErrors(({ hourlyRateCents: _, ...rest }) => rest);
          }}
          className="max-w-40"
          {...fieldAria(ids.rate, { error: errors.hourlyRateCents, hint: code !== null, isRequired: true })}
        />
      </FormField>

      <div className="flex items-center gap-3">
        <Switch id={ids.active} checked={isActive} onCheckedChange={setIsActive} />
        <Label htmlFor={ids.active}>Active: can be chosen for new time</Label>
      </div>

      {failure ? (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>The time code was not saved</AlertTitle>
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {editing ? 'Save changes' : 'Add time code'}
        </Button>
      </div>
    </form>
  );
}
