import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { monashModelText, participantStateText } from '@wattle/domain/participants/location';
import type { Participant, ParticipantSummary } from '@wattle/domain/participants/schemas';
import {
  ArchiveIcon,
  CalendarRangeIcon,
  HeartPulseIcon,
  IdCardIcon,
  PencilIcon,
  PhoneCallIcon,
  ShieldUserIcon,
  TargetIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { formatFullTime } from '@/features/inbox/relative-time';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { participantQueryOptions } from './api';
import { type ParticipantAccess, useParticipantAccess } from './participant-access';
import { ParticipantArchiveButton } from './participant-archive-button';
import { ParticipantCards } from './participant-cards';
import { FormCard } from './participant-fields';
import { formatDate, statusLabel } from './participant-format';
import { useOrganisationState } from './participant-location-fields';
import { ParticipantLoadState, ParticipantPageFrame } from './participant-page-parts';
import { ParticipantStatusBadge } from './participant-status-badge';
import { ParticipantSummaryCard, TeamAssignmentCard } from './participant-summary-card';
import { PlanSection } from './plan-section';

/**
 * /participants/{id}: the participant form in view mode, 'Participant Details' (spec work section 2),
 * with the NDIS plan and budgets, the participant's cards, and Edit, Archive and Restore for those
 * who may. A family guardian reads the summary only: name, goals, alerts and plan dates.
 */
export function ParticipantDetailPage() {
  useDocumentTitle('Participant Details');
  const { participantId = '' } = useParams({ strict: false });
  const access = useParticipantAccess();
  const query = useQuery(participantQueryOptions(access.tenant.id, participantId));

  if (!query.data) {
    return (
      <ParticipantLoadState
        title="Participant Details"
        error={query.error}
        isPending={query.isPending}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return query.data.view === 'full' ? (
    <FullView participant={query.data} access={access} />
  ) : (
    <SummaryView participant={query.data} />
  );
}

function Subtitle({ name, children }: { name: string; children?: ReactNode }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-medium text-base text-foreground" data-testid="participant-name">
        {name}
      </span>
      {children}
    </span>
  );
}

/** One labelled value of a read-only card; empty values say so rather than leaving a gap. */
function Fact({
  label,
  value,
  wide = false,
  mono = false,
}: {
  label: string;
  value: string | null;
  wide?: boolean;
  mono?: boolean;
}) {
  return (
    <div className={cn('min-w-0', wide && 'sm:col-span-2')}>
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd
        className={cn(
          'mt-0.5 whitespace-pre-wrap break-words text-sm',
          mono && 'font-mono',
          !value && 'text-muted-foreground',
        )}
      >
        {value || 'Not given'}
      </dd>
    </div>
  );
}

function TextList({
  entries,
  empty,
  tone = 'default',
  label,
}: {
  entries: string[];
  empty: string;
  tone?: 'default' | 'alert';
  label: string;
}) {
  if (entries.length === 0) return <p className="text-muted-foreground text-sm">{empty}</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label={label}>
      {entries.map((entry, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: entries may repeat; their order identifies them.
          key={index}
          className={cn(
            'rounded-md border px-3 py-2 text-sm',
            tone === 'alert' ? 'border-amber-200 bg-amber-50 text-amber-950' : 'bg-muted/40',
          )}
        >
          {entry}
        </li>
      ))}
    </ul>
  );
}

function FullView({ participant, access }: { participant: Participant; access: ParticipantAccess }) {
  const { tenant } = access;
  const isArchived = participant.archivedAt !== null;
  const canEdit = access.canOn('write:participants', participant.teamId) && !isArchived;
  const canArchive = access.canOn('archive:participants', participant.teamId);
  const emergency = participant.emergencyContact;
  const guardian = participant.guardian;
  const organisationState = useOrganisationState();

  return (
    <ParticipantPageFrame
      title="Participant Details"
      subtitle={
        <Subtitle name={participant.name}>
          <ParticipantStatusBadge status={participant.status} />
          {isArchived ? <Badge variant="secondary">Archived</Badge> : null}
        </Subtitle>
      }
      actions={
        <>
          {canEdit ? (
            <Button asChild>
              <Link to="/participants/$participantId/edit" params={{ participantId: participant.id }}>
                <PencilIcon aria-hidden="true" />
                Edit Participant
              </Link>
            </Button>
          ) : null}
          {canArchive ? <ParticipantArchiveButton tenantId={tenant.id} participant={participant} /> : null}
        </>
      }
    >
      {isArchived ? (
        <Alert data-testid="participant-archived">
          <ArchiveIcon aria-hidden="true" />
          <AlertTitle>Archived</AlertTitle>
          <AlertDescription>
            Archived on {formatFullTime(new Date(participant.archivedAt as string))}. Their record is kept and
            can be read; restore them to make changes.
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-5 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-5 lg:col-span-2">
          <FormCard title="Basic Information" icon={<IdCardIcon className="size-4" aria-hidden="true" />}>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Fact label="Full Name" value={participant.name} wide />
              <Fact label="NDIS Number" value={participant.ndisNumber} mono />
              <Fact label="Date of Birth" value={formatDate(participant.dateOfBirth)} />
              <Fact label="Phone" value={participant.phone} />
              <Fact label="Status" value={statusLabel(participant.status)} />
              <Fact label="Address" value={participant.address} wide />
              <Fact
                label="State or Territory"
                value={participantStateText(participant.state, organisationState)}
              />
              <Fact label="Remoteness (MMM)" value={monashModelText(participant.monashModel)} />
            </dl>
          </FormCard>
          <FormCard title="Emergency Contact" icon={<PhoneCallIcon className="size-4" aria-hidden="true" />}>
            <dl className="grid gap-4 sm:grid-cols-3">
              <Fact label="Name" value={emergency?.name ?? null} />
              <Fact label="Relationship" value={emergency?.relationship ?? null} />
              <Fact label="Phone" value={emergency?.phone ?? null} />
            </dl>
          </FormCard>
          <FormCard
            title="Guardian/Support Person Information"
            icon={<ShieldUserIcon className="size-4" aria-hidden="true" />}
          >
            <dl className="grid gap-4 sm:grid-cols-2">
              <Fact label="Name" value={guardian?.name ?? null} />
              <Fact label="Relationship" value={guardian?.relationship ?? null} />
              <Fact label="Phone" value={guardian?.phone ?? null} />
              <Fact label="Email" value={guardian?.email ?? null} />
            </dl>
          </FormCard>
          <FormCard title="Support Goals" icon={<TargetIcon className="size-4" aria-hidden="true" />}>
            <TextList entries={participant.goals} empty="No support goals yet." label="Support goals" />
          </FormCard>
          <FormCard
            title="Important Alerts"
            icon={<TriangleAlertIcon className="size-4" aria-hidden="true" />}
          >
            <TextList
              entries={participant.alerts}
              empty="No important alerts."
              tone="alert"
              label="Important alerts"
            />
          </FormCard>
          <FormCard
            title="Preferences, Medical and Communication"
            icon={<HeartPulseIcon className="size-4" aria-hidden="true" />}
          >
            <dl className="grid gap-4">
              <Fact label="Preferences" value={participant.preferences} />
              <Fact label="Medical Information" value={participant.medicalInfo} />
              <Fact label="Communication Needs" value={participant.communicationNeeds} />
            </dl>
          </FormCard>
          <PlanSection
            tenantId={tenant.id}
            participantId={participant.id}
            participantName={participant.name}
            canEdit={canEdit}
          />
          <ParticipantCards
            tenantId={tenant.id}
            participantId={participant.id}
            participantName={participant.name}
          />
        </div>
        {/* The summary comes first on a phone, beside the details on a wide screen. */}
        <div className="order-first flex min-w-0 flex-col gap-5 lg:order-none">
          <ParticipantSummaryCard
            name={participant.name}
            ndisNumber={participant.ndisNumber}
            dateOfBirth={participant.dateOfBirth}
            phone={participant.phone}
            address={participant.address}
            goalCount={participant.goals.length}
            alertCount={participant.alerts.length}
          />
          <TeamAssignmentCard teamName={participant.teamName}>
            {participant.teamSlug ? <TeamBoardLink slug={participant.teamSlug} /> : null}
          </TeamAssignmentCard>
        </div>
      </div>
    </ParticipantPageFrame>
  );
}

function TeamBoardLink({ slug }: { slug: string }) {
  return (
    <Link
      to="/my-teams/$teamSlug/$view"
      params={{ teamSlug: slug, view: 'work-board' }}
      className="w-fit text-sm underline underline-offset-4"
    >
      Open the team’s work board
    </Link>
  );
}

/** A family guardian's view: name, goals, alerts, plan dates and team; nothing else is sent to them. */
function SummaryView({ participant }: { participant: ParticipantSummary }) {
  return (
    <ParticipantPageFrame
      title="Participant Details"
      subtitle={
        <Subtitle name={participant.name}>
          <ParticipantStatusBadge status={participant.status} />
        </Subtitle>
      }
    >
      <div className="grid gap-5 lg:grid-cols-3" data-testid="participant-summary-view">
        <div className="flex min-w-0 flex-col gap-5 lg:col-span-2">
          <FormCard title="Support Goals" icon={<TargetIcon className="size-4" aria-hidden="true" />}>
            <TextList entries={participant.goals} empty="No support goals yet." label="Support goals" />
          </FormCard>
          <FormCard
            title="Important Alerts"
            icon={<TriangleAlertIcon className="size-4" aria-hidden="true" />}
          >
            <TextList
              entries={participant.alerts}
              empty="No important alerts."
              tone="alert"
              label="Important alerts"
            />
          </FormCard>
          <FormCard title="NDIS Plan" icon={<CalendarRangeIcon className="size-4" aria-hidden="true" />}>
            {participant.planStartDate && participant.planEndDate ? (
              <dl className="grid grid-cols-2 gap-4">
                <Fact label="Plan start" value={formatDate(participant.planStartDate)} />
                <Fact label="Plan end" value={formatDate(participant.planEndDate)} />
              </dl>
            ) : (
              <p className="text-muted-foreground text-sm">No NDIS plan recorded yet.</p>
            )}
          </FormCard>
        </div>
        <div className="order-first flex min-w-0 flex-col gap-5 lg:order-none">
          <ParticipantSummaryCard
            name={participant.name}
            goalCount={participant.goals.length}
            alertCount={participant.alerts.length}
          />
          <TeamAssignmentCard teamName={participant.teamName} />
        </div>
      </div>
    </ParticipantPageFrame>
  );
}
