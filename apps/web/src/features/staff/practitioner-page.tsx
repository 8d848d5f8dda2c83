import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { can } from '@wattle/domain/auth/permissions';
import { IdCardIcon } from 'lucide-react';
import { meQueryOptions } from '@/features/auth/api';
import { useCurrentTenant } from '@/features/tenants/api';
import { useCurrentRole } from '@/features/tenants/use-current-role';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { staffProfileQueryOptions } from './api';
import { StaffList } from './staff-list';
import { StaffProfileForm } from './staff-profile-form';

const joinedFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * /settings/practitioner (issue 13 part 7): the signed-in person's staff profile; those who may read
 * others' (`read:staff`: tenant admins, auditors, team leads for their people) also get the staff
 * list, and tenant admins edit what they open (`?user=<id>`).
 */
export function PractitionerSettingsPage() {
  useDocumentTitle('Practitioner Settings');
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { tenant } = useCurrentTenant();
  const { role } = useCurrentRole();
  const search = useSearch({ strict: false }) as { user?: string };
  const canListStaff = can(role, 'read:staff');
  const userId = canListStaff && search.user ? search.user : me.id;
  const isSelf = userId === me.id;
  const canEdit = isSelf || can(role, 'manage:members');
  const profile = useQuery(staffProfileQueryOptions(tenant.id, userId));

  return (
    <div className="flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
          <IdCardIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          Practitioner Settings
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">
          Qualifications, registrations, supervisor and screening checks{canListStaff ? ' of your staff' : ''}
          .
        </p>
      </div>
      <div className={canListStaff ? 'grid gap-6 lg:grid-cols-[16rem_1fr]' : 'flex flex-col'}>
        {canListStaff ? <StaffList tenantId={tenant.id} selectedUserId={userId} /> : null}
        <section aria-labelledby="staff-profile-heading" className="flex min-w-0 flex-col gap-4">
          {profile.isPending ? (
            <LoadingStatus>Loading the profile...</LoadingStatus>
          ) : profile.isError ? (
            <LoadError
              title="Could not load the profile"
              error={profile.error}
              onRetry={() => void profile.refetch()}
            />
          ) : (
            <>
              <div>
                <h2 id="staff-profile-heading" className="font-semibold text-xl">
                  {isSelf ? 'Your staff profile' : profile.data.name}
                </h2>
                <p className="text-muted-foreground text-sm">
                  {isSelf ? `${profile.data.name} · ` : null}
                  {profile.data.email} · joined {joinedFormat.format(new Date(profile.data.joinedAt))}
                </p>
              </div>
              <StaffProfileForm
                key={profile.data.userId}
                tenantId={tenant.id}
                profile={profile.data}
                isReadOnly={!canEdit}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
