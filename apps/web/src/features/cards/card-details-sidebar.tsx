import { can } from '@wattle/domain/auth/permissions';
import { cardTypeLabels, type Priority, priorities, priorityLabels } from '@wattle/domain/cards/constants';
import { PlusIcon, XIcon } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ScreeningExpiredBadge } from '@/features/team-config/screening-badge';
import { useTenantClock } from '@/features/time/use-tenant-clock';
import { cn } from '@/lib/cn';
import { formatMoment } from '@/lib/org-dates';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { DateInput } from '@/ui/date-input';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { Switch } from '@/ui/switch';
import { CardAuditTrail } from './card-audit-trail';
import { CardParticipantField } from './card-participant-field';
import { CardStateField, NdisStatusField } from './card-status-fields';
import type { CardView } from './use-card-view';
import { dollars, parseDollars } from './use-card-view-format';

/**
 * The card panel's Details sidebar (spec work section 2 "Card detail panel", inline mode): 360 px on
 * the right on wide screens, below the main area on narrow ones. Every change goes through the card's
 * field-save queue with the 'Changed {field}.' toast and its Undo.
 */

const maxTags = 20;
const maxTagLength = 40;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function DetailRow({ label, htmlFor, children }: { label: string; htmlFor?: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] items-center gap-2">
      {htmlFor ? (
        <Label htmlFor={htmlFor} className="text-muted-foreground">
          {label}
        </Label>
      ) : (
        <span className="font-medium text-muted-foreground text-sm">{label}</span>
      )}
      <div className="min-w-0">{children}</div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3 border-t px-4 py-4">
      <h3 id={id} className="font-semibold text-sm">
        {title}
      </h3>
      {children}
    </section>
  );
}

function AssigneeField({ card }: { card: CardView }) {
  const id = useId();
  const { view, team, canEdit, change } = card;
  const members = team?.members ?? [];
  const isKnown = view.assigneeId === null || members.some((member) => member.userId === view.assigneeId);
  const isScreeningExpired = members.some(
    (member) => member.userId === view.assigneeId && member.screeningExpired,
  );
  return (
    <DetailRow label="Assignee" htmlFor={id}>
      <NativeSelect
        id={id}
        wrapperClassName="w-full"
        value={view.assigneeId ?? ''}
        disabled={!canEdit}
        onChange={(event) => change('assigneeId', event.target.value || null)}
      >
        <option value="">Unassigned</option>
        {isKnown ? null : (
          <option value={view.assigneeId ?? ''}>{view.assigneeName ?? 'Someone else'}</option>
        )}
        {members.map((member) => (
          <option key={member.userId} value={member.userId}>
            {member.name}
          </option>
        ))}
      </NativeSelect>
      {isScreeningExpired ? (
        <div className="mt-1">
          <ScreeningExpiredBadge />
        </div>
      ) : null}
    </DetailRow>
  );
}

/** A date that is saved when the user leaves the box (or presses Enter), not at each typed digit. */
function DateField({
  card,
  field,
  label,
}: {
  card: CardView;
  field: 'startDate' | 'dueDate';
  label: string;
}) {
  const id = useId();
  const { view, canEdit, change } = card;
  const saved = view[field] ?? '';
  const [draft, setDraft] = useState(saved);
  const isEditing = useRef(false);
  const startVersion = useRef(card.card.version);
  useEffect(() => {
    if (!isEditing.current) setDraft(saved);
  }, [saved]);
  // Text that is not a date stays in the box with its message and is not saved.
  const commit = (value = draft) => {
    isEditing.current = false;
    if (value === '' || isoDate.test(value)) {
      change(field, value === '' ? null : value, { label, baseVersion: startVersion.current });
    }
  };
  return (
    <DetailRow label={label} htmlFor={id}>
      <DateInput
        id={id}
        value={draft}
        disabled={!canEdit}
        onFocus={() => {
          isEditing.current = true;
          startVersion.current = card.card.version;
        }}
        onChange={setDraft}
        onPick={(value) => commit(value)}
        onBlur={() => commit()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
    </DetailRow>
  );
}

function ChoiceField<Value extends string>({
  card,
  field,
  label,
  choices,
  labels,
}: {
  card: CardView;
  field: 'priority';
  label: string;
  choices: readonly Value[];
  labels: Record<Value, string>;
}) {
  const id = useId();
  const { view, canEdit, change } = card;
  return (
    <DetailRow label={label} htmlFor={id}>
      <NativeSelect
        id={id}
        wrapperClassName="w-full"
        value={view[field]}
        disabled={!canEdit}
        onChange={(event) => change(field, event.target.value, { label })}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]}
          </option>
        ))}
      </NativeSelect>
    </DetailRow>
  );
}

function AmountField({ card }: { card: CardView }) {
  const id = useId();
  const errorId = useId();
  const { view, canEdit, change } = card;
  const saved = dollars(view.estimatedAmountCents);
  const [draft, setDraft] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const isEditing = useRef(false);
  const startVersion = useRef(card.card.version);
  useEffect(() => {
    if (!isEditing.current) setDraft(saved);
  }, [saved]);
  const commit = () => {
    isEditing.current = false;
    const cents = parseDollars(draft);
    if (cents === null || cents > 100_000_000) {
      setError('Enter an amount in dollars, such as 120.50');
      return;
    }
    setError(null);
    setDraft(dollars(cents));
    change('estimatedAmountCents', cents, { label: 'Est. Amount', baseVersion: startVersion.current });
  };
  return (
    <DetailRow label="Est. Amount" htmlFor={id}>
      <div className="relative">
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground text-sm">
          $
        </span>
        <Input
          id={id}
          inputMode="decimal"
          className="pl-6"
          value={draft}
          disabled={!canEdit}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onFocus={() => {
            isEditing.current = true;
            startVersion.current = card.card.version;
          }}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
        />
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-destructive text-xs">
          {error}
        </p>
      ) : null}
    </DetailRow>
  );
}

function TagsField({ card }: { card: CardView }) {
  const inputId = useId();
  const errorId = useId();
  const { view, canEdit, change } = card;
  const [isAdding, setIsAdding] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const stopAdding = () => {
    setIsAdding(false);
    setDraft('');
    setError(null);
    // Focus goes back to '+ Add tag' so the keyboard user stays in place.
    requestAnimationFrame(() => addButton.current?.focus());
  };
  const add = () => {
    const tag = draft.trim();
    if (tag === '') {
      stopAdding();
      return;
    }
    if (tag.length > maxTagLength) {
      setError(`A tag can be at most ${maxTagLength} characters`);
      return;
    }
    if (view.tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) {
      setError('This card already has that tag');
      return;
    }
    if (view.tags.length >= maxTags) {
      setError(`A card can have at most ${maxTags} tags`);
      return;
    }
    change('tags', [...view.tags, tag], { label: 'Tags' });
    stopAdding();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      stopAdding();
    }
  };

  return (
    <div className="grid gap-2">
      {view.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {view.tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="gap-0.5 pr-0.5">
                {tag}
                {canEdit ? (
                  <button
                    type="button"
                    className="rounded-full p-0.5 outline-none hover:bg-background/60 focus-visible:ring-2 focus-visible:ring-ring"
                    aria-label={`Remove tag ${tag}`}
                    onClick={() =>
                      change(
                        'tags',
                        view.tags.filter((existing) => existing !== tag),
                        { label: 'Tags' },
                      )
                    }
                  >
                    <XIcon className="size-3" aria-hidden="true" />
                  </button>
                ) : null}
              </Badge>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">No tags.</p>
      )}
      {canEdit ? (
        isAdding ? (
          <div>
            <Label htmlFor={inputId} className="sr-only">
              New tag
            </Label>
            <Input
              id={inputId}
              autoFocus
              value={draft}
              maxLength={maxTagLength + 10}
              placeholder="Tag name, then Enter"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              onBlur={() => {
                if (draft.trim() === '') stopAdding();
              }}
            />
            {error ? (
              <p id={errorId} className="mt-1 text-destructive text-xs">
                {error}
              </p>
            ) : null}
          </div>
        ) : (
          <Button
            ref={addButton}
            variant="ghost"
            size="sm"
            className="w-fit px-2"
            onClick={() => setIsAdding(true)}
          >
            <PlusIcon aria-hidden="true" />
            Add tag
          </Button>
        )
      ) : null}
    </div>
  );
}

function BillableField({ card }: { card: CardView }) {
  const id = useId();
  const { view, canEdit, change } = card;
  return (
    <DetailRow label="Billable" htmlFor={id}>
      <div className="flex items-center gap-2">
        <Switch
          id={id}
          checked={view.billable}
          disabled={!canEdit}
          onCheckedChange={(checked) => change('billable', checked, { label: 'Billable' })}
        />
        <span className="text-sm" aria-hidden="true">
          {view.billable ? 'Yes' : 'No'}
        </span>
      </div>
    </DetailRow>
  );
}

export function CardDetailsSidebar({
  tenantId,
  card,
  id,
  className,
}: {
  tenantId: string;
  card: CardView;
  id: string;
  className?: string;
}) {
  const { view, template, nameOf } = card;
  const { timeZone } = useTenantClock(tenantId);
  return (
    <aside
      id={id}
      aria-label="Details"
      className={cn(
        'paint-apart flex w-full shrink-0 flex-col border-t bg-background lg:w-[360px] lg:border-t-0 lg:border-l',
        className,
      )}
      data-testid="card-details"
    >
      <h2 className="px-4 pt-4 pb-3 font-semibold">Details</h2>
      <div className="grid gap-3 px-4 pb-4">
        <AssigneeField card={card} />
        <CardParticipantField tenantId={tenantId} card={card} />
        <CardStateField card={card} />
        <ChoiceField<Priority>
          card={card}
          field="priority"
          label="Priority"
          choices={priorities}
          labels={priorityLabels}
        />
        <NdisStatusField card={card} />
        <DateField card={card} field="startDate" label="Start" />
        <DateField card={card} field="dueDate" label="Due" />
        <DetailRow label="Card Type">
          <p className="text-sm">{cardTypeLabels[view.type]}</p>
        </DetailRow>
      </div>
      {/* Finance and tags are the team's working detail (read:cards): a family guardian reading a
          shared plan is not shown them, and the server does not send them (issue 18 item 6). */}
      {can(card.team?.myRole, 'read:cards') ? (
        <>
          <Section title="Finance">
            <BillableField card={card} />
            <AmountField card={card} />
          </Section>
          <Section title="Tags">
            <TagsField card={card} />
          </Section>
        </>
      ) : null}
      <Section title="Card Information">
        <dl className="grid grid-cols-[7rem_1fr] gap-x-2 gap-y-1.5 text-sm">
          <dt className="text-muted-foreground">Work item id</dt>
          <dd className="font-mono">{view.workItemId}</dd>
          <dt className="text-muted-foreground">Created</dt>
          <dd>
            {formatMoment(view.createdAt, timeZone)}
            {view.createdByName ? ` by ${view.createdByName}` : ''}
          </dd>
          <dt className="text-muted-foreground">Updated</dt>
          <dd>
            {formatMoment(view.updatedAt, timeZone)}
            {view.lastModifiedByName ? ` by ${view.lastModifiedByName}` : ''}
          </dd>
          <dt className="text-muted-foreground">Participant id</dt>
          <dd className="break-all font-mono">{view.participantId ?? '—'}</dd>
        </dl>
      </Section>
      {/* The audit trail is the team's record (read:cards); a family guardian reading a shared plan has none. */}
      {can(card.team?.myRole, 'read:cards') ? (
        <Section title="Audit Trail">
          <CardAuditTrail tenantId={tenantId} cardId={view.id} template={template} nameOf={nameOf} />
        </Section>
      ) : null}
    </aside>
  );
}
