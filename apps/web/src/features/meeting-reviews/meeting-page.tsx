import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { cardStateLabels } from '@wattle/domain/cards/constants';
import { cardStatusLabels } from '@wattle/domain/cards/workflow';
import { commentMaxLength } from '@wattle/domain/comments/constants';
import type {
  MeetingReview,
  MeetingReviewCard,
  MeetingReviewGroup,
} from '@wattle/domain/meeting-reviews/schemas';
import { AlertCircleIcon, FileDownIcon, Loader2Icon, VideoIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { canReadTeamCards } from '@/features/team-views/my-work';
import { teamsQueryOptions } from '@/features/teams/api';
import { useCurrentTenant } from '@/features/tenants/api';
import { formatDay, formatMoment } from '@/lib/org-dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { textareaClass } from '@/ui/form-field';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { toast } from '@/ui/toast';
import { meetingAgendaUrl, meetingReviewQueryOptions, useSaveMeetingNote } from './api';

/** The periods offered; the server takes 1 to 31 days. */
const periods = [
  { days: 7, label: 'A week either side' },
  { days: 14, label: 'Two weeks either side' },
  { days: 31, label: 'A month either side' },
] as const;

/**
 * /meeting (issue 17 item 5), linked from the Teams-tab banner: a team's cards due around now or
 * changed lately, grouped by participant, to walk through in a team meeting. Notes are saved to each
 * card as a review comment marked as a meeting review; the agenda downloads as a PDF.
 */
export function MeetingPage() {
  useDocumentTitle('Meeting Reviews');
  const { tenant } = useCurrentTenant();
  const teams = useQuery(teamsQueryOptions(tenant.id));
  // Only teams whose cards the person reads: the server refuses anyone else the review (read:cards).
  const readable = teams.data?.filter(canReadTeamCards) ?? [];
  const [chosenTeamId, setTeamId] = useState<string | null>(null);
  const [days, setDays] = useState<number>(7);
  const teamId = chosenTeamId ?? readable[0]?.id ?? null;
  const teamFieldId = useId();
  const periodFieldId = useId();

  return (
    <div className="flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
          <VideoIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          Meeting Reviews
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">
          Walk through a team's cards in your team meeting: what fell due, what is coming up and what changed,
          by participant. Notes you save go to each card as a review comment.
        </p>
      </div>

      {teams.isPending ? (
        <LoadingStatus>Loading your teams...</LoadingStatus>
      ) : teams.isError ? (
        <LoadError
          title="Could not load your teams"
          error={teams.error}
          onRetry={() => void teams.refetch()}
        />
      ) : !teamId ? (
        <Alert>
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>No team whose cards you can read</AlertTitle>
          <AlertDescription>
            Meeting Reviews show a team's cards to its staff. Ask an admin to add you to a team.
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-4">
            <div className="grid min-w-0 gap-1.5">
              <Label htmlFor={teamFieldId}>Team</Label>
              <NativeSelect
                id={teamFieldId}
                value={teamId}
                onChange={(event) => setTeamId(event.target.value)}
                wrapperClassName="w-64 max-w-full"
              >
                {readable.map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid min-w-0 gap-1.5">
              <Label htmlFor={periodFieldId}>Period</Label>
              <NativeSelect
                id={periodFieldId}
                value={String(days)}
                onChange={(event) => setDays(Number(event.target.value))}
                wrapperClassName="w-64 max-w-full"
              >
                {periods.map((period) => (
                  <option key={period.days} value={period.days}>
                    {period.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button asChild variant="outline">
              <a href={meetingAgendaUrl(tenant.id, teamId, days)} download>
                <FileDownIcon aria-hidden="true" />
                Download agenda (PDF)
              </a>
            </Button>
          </div>
          <TeamReview tenantId={tenant.id} teamId={teamId} days={days} />
        </>
      )}
    </div>
  );
}

function TeamReview({ tenantId, teamId, days }: { tenantId: string; teamId: string; days: number }) {
  const review = useQuery(meetingReviewQueryOptions(tenantId, teamId, days));
  if (review.isPending) return <LoadingStatus>Loading the review...</LoadingStatus>;
  if (review.isError) {
    return (
      <LoadError
        title="Could not load the review"
        error={review.error}
        onRetry={() => void review.refetch()}
      />
    );
  }
  const data = review.data;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-muted-foreground text-sm" data-testid="meeting-review-summary">
        {data.total} card{data.total === 1 ? '' : 's'} due from {formatDay(data.dueFrom)} to{' '}
        {formatDay(data.dueTo)}, or changed since {formatMoment(data.changedSince, data.timeZone)}.
        {data.canWriteNotes ? '' : ' You can read this review; only team members who comment can save notes.'}
      </p>
      {data.groups.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
          Nothing is due or has changed on {data.team.name} in this period.
        </p>
      ) : (
        data.groups.map((group) => (
          <ParticipantGroup
            key={group.participantId ?? 'none'}
            tenantId={tenantId}
            review={data}
            group={group}
          />
        ))
      )}
    </div>
  );
}

function ParticipantGroup({
  tenantId,
  review,
  group,
}: {
  tenantId: string;
  review: MeetingReview;
  group: MeetingReviewGroup;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="border-b pb-1 font-semibold text-lg">
        {group.participantName}{' '}
        <span className="font-normal text-muted-foreground text-sm">
          ({group.cards.length} card{group.cards.length === 1 ? '' : 's'})
        </span>
      </h2>
      <ul className="flex flex-col gap-3">
        {group.cards.map((card) => (
          <li key={card.id}>
            <ReviewCard tenantId={tenantId} review={review} card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ReviewCard({
  tenantId,
  review,
  card,
}: {
  tenantId: string;
  review: MeetingReview;
  card: MeetingReviewCard;
}) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const save = useSaveMeetingNote(tenantId);
  const trimmed = note.trim();
  const tooLong = note.length > commentMaxLength;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || tooLong || save.isPending) return;
    save.mutate(
      { cardId: card.id, content: note, idempotencyKey },
      {
        onSuccess: () => {
          toast.success('Meeting note saved', {
            description: `Added to ${card.workItemId} as a review comment.`,
          });
          setNote('');
          setIdempotencyKey(crypto.randomUUID());
        },
        onError: (error) => toast.error('Could not save the note', { description: error.message }),
      },
    );
  };

  return (
    <article
      className="grid gap-2 rounded-lg border bg-card p-4"
      aria-label={`${card.workItemId} ${card.title}`}
      data-testid="meeting-card"
    >
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-mono text-muted-foreground text-xs">{card.workItemId}</span>
        <Link
          to="/card/$cardId"
          params={{ cardId: card.id }}
          className="min-w-0 break-words font-medium underline-offset-4 hover:underline"
        >
          {card.title}
        </Link>
        {card.isOverdue ? (
          <Badge className="border-transparent bg-red-100 text-red-900">Overdue</Badge>
        ) : null}
        {card.reasons.includes('changed') ? <Badge variant="secondary">Changed</Badge> : null}
      </div>
      <p className="text-muted-foreground text-sm">
        {card.dueDate ? `Due ${formatDay(card.dueDate)}` : 'No due date'} · {cardStatusLabels[card.status]},{' '}
        {cardStateLabels[card.state]} ·{' '}
        {card.assigneeName ? `Assigned to ${card.assigneeName}` : 'Unassigned'} · Changed{' '}
        {formatMoment(card.updatedAt, review.timeZone)}
        {card.lastModifiedByName ? ` by ${card.lastModifiedByName}` : ''}
      </p>
      {card.lastReview ? (
        <p className="rounded-md bg-muted px-3 py-2 text-sm">
          <span className="font-medium">Last meeting note</span> ({card.lastReview.userName},{' '}
          {formatMoment(card.lastReview.createdAt, review.timeZone)}):{' '}
          <span className="whitespace-pre-wrap">{card.lastReview.content}</span>
        </p>
      ) : null}
      {review.canWriteNotes ? (
        <form onSubmit={submit} className="grid gap-2">
          <Label htmlFor={noteId}>Meeting notes for {card.workItemId}</Label>
          <textarea
            id={noteId}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            rows={2}
            className={textareaClass}
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? `${noteId}-error` : undefined}
          />
          {tooLong ? (
            <p id={`${noteId}-error`} className="text-destructive text-sm">
              A note can be at most {commentMaxLength.toLocaleString('en-AU')} characters
            </p>
          ) : null}
          <div>
            <Button type="submit" size="sm" disabled={!trimmed || tooLong || save.isPending}>
              {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {save.isPending ? 'Saving...' : 'Save note to card'}
            </Button>
          </div>
        </form>
      ) : null}
    </article>
  );
}
