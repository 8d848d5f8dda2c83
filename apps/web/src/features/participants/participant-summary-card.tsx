import { participantInitials } from '@wattle/domain/participants/schemas';
import { CakeIcon, MapPinIcon, PhoneIcon, TargetIcon, TriangleAlertIcon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/ui/badge';
import { FormCard } from './participant-fields';
import { countText, formatDate } from './participant-format';

/**
 * The Summary card (spec work section 2): initials avatar, date of birth, phone, address, and how
 * many goals and alerts. The form shows it as it is being typed; a family guardian's summary has no
 * date of birth, phone or address, and those lines are then left out.
 */
export function ParticipantSummaryCard({
  name,
  ndisNumber,
  dateOfBirth,
  phone,
  address,
  goalCount,
  alertCount,
  status,
}: {
  name: string;
  ndisNumber?: string | null;
  dateOfBirth?: string | null;
  phone?: string | null;
  address?: string | null;
  goalCount: number;
  alertCount: number;
  status?: ReactNode;
}) {
  const shownName = name.trim() || 'New participant';
  return (
    <FormCard title="Summary" testId="participant-summary">
      <div className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <span
            className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-lg text-primary-foreground"
            aria-hidden="true"
            data-testid="participant-initials"
          >
            {name.trim() ? participantInitials(name) : '?'}
          </span>
          <div className="min-w-0">
            <p className="truncate font-medium">{shownName}</p>
            {ndisNumber ? <p className="font-mono text-muted-foreground text-xs">NDIS {ndisNumber}</p> : null}
            {status ? <div className="mt-1">{status}</div> : null}
          </div>
        </div>
        <dl className="grid gap-2 text-sm">
          {dateOfBirth !== undefined ? (
            <SummaryLine
              icon={<CakeIcon />}
              label="Date of birth"
              value={formatDate(dateOfBirth) || 'Not given'}
            />
          ) : null}
          {phone !== undefined ? (
            <SummaryLine icon={<PhoneIcon />} label="Phone" value={phone || 'Not given'} />
          ) : null}
          {address !== undefined ? (
            <SummaryLine icon={<MapPinIcon />} label="Address" value={address || 'Not given'} />
          ) : null}
          <SummaryLine icon={<TargetIcon />} label="Support goals" value={countText(goalCount, 'goal')} />
          <SummaryLine
            icon={<TriangleAlertIcon />}
            label="Important alerts"
            value={countText(alertCount, 'alert')}
          />
        </dl>
      </div>
    </FormCard>
  );
}

function SummaryLine({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-start gap-2">
      <dt className="flex shrink-0 items-center text-muted-foreground [&_svg]:size-4" title={label}>
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </div>
  );
}

/** Team Assignment (spec work section 2): the team's name as a badge when the participant has one. */
export function TeamAssignmentCard({
  teamName,
  children,
}: {
  teamName: string | null;
  children?: ReactNode;
}) {
  return (
    <FormCard
      title="Team Assignment"
      icon={<UsersIcon className="size-4" aria-hidden="true" />}
      testId="team-assignment"
    >
      <div className="flex flex-col gap-3">
        {teamName ? (
          <Badge variant="accent" className="max-w-full truncate text-sm" data-testid="team-badge">
            {teamName}
          </Badge>
        ) : (
          <p className="text-muted-foreground text-sm">Not assigned to a care team.</p>
        )}
        {children}
      </div>
    </FormCard>
  );
}
