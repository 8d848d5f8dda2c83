import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { membershipRoleLabels, membershipRoles } from '@wattle/domain/auth/roles';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { Input } from '@/ui/input';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { staffListQueryOptions } from './api';
import { CheckStateBadge } from './check-state-badge';

function roleLabel(role: string): string {
  return (membershipRoles as readonly string[]).includes(role)
    ? membershipRoleLabels[role as (typeof membershipRoles)[number]]
    : role;
}

/** The organisation's staff (or a team lead's people), each opening their profile. */
export function StaffList({ tenantId, selectedUserId }: { tenantId: string; selectedUserId: string }) {
  const staff = useQuery(staffListQueryOptions(tenantId));
  const [filter, setFilter] = useState('');

  if (staff.isPending) return <LoadingStatus>Loading staff...</LoadingStatus>;
  if (staff.isError) {
    return (
      <LoadError title="Could not load the staff" error={staff.error} onRetry={() => void staff.refetch()} />
    );
  }
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const { data: people, meta } = staff.data;
  const shown = people.filter((person) =>
    words.every((word) => `${person.name} ${person.email}`.toLowerCase().includes(word)),
  );

  return (
    <nav aria-label="Staff" className="flex flex-col gap-2">
      <Input
        type="search"
        aria-label="Filter staff"
        placeholder="Filter staff"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <ul className="flex max-h-[32rem] flex-col gap-1 overflow-y-auto">
        {shown.map((person) => (
          <li key={person.userId}>
            <Link
              to="/settings/practitioner"
              search={{ user: person.userId }}
              aria-current={person.userId === selectedUserId ? 'page' : undefined}
              className={cn(
                'flex flex-col gap-1 rounded-md px-3 py-2 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                person.userId === selectedUserId && 'bg-accent text-accent-foreground',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="truncate font-medium">{person.name}</span>
                <span className="shrink-0 text-muted-foreground text-xs">{roleLabel(person.role)}</span>
              </span>
              <span className="flex flex-wrap items-center gap-1 text-muted-foreground text-xs">
                Screening <CheckStateBadge state={person.screening} />
              </span>
            </Link>
          </li>
        ))}
        {shown.length === 0 ? (
          <li className="px-3 py-2 text-muted-foreground text-sm">Nobody matches.</li>
        ) : null}
        {meta.total > people.length ? (
          <li className="px-3 py-2 text-muted-foreground text-xs">
            The first {people.length} of {meta.total} people, by name.
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
