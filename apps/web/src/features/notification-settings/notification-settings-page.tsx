import { useQuery } from '@tanstack/react-query';
import {
  type NotificationChannels,
  type NotificationKind,
  type NotificationSettings,
  notificationKindInfo,
  notificationKinds,
} from '@wattle/domain/notifications/settings';
import { BellIcon, Loader2Icon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useCurrentTenant } from '@/features/tenants/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { Label } from '@/ui/label';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SectionCard } from '@/ui/section-card';
import { Switch } from '@/ui/switch';
import { toast } from '@/ui/toast';
import { notificationSettingsQueryOptions, useSaveNotificationSettings } from './api';

type Kinds = Record<NotificationKind, NotificationChannels>;

/**
 * /settings/notifications (issue 17): per kind of notification, in the app and/or by e-mail, and the
 * daily digest, for the organisation in use. The server obeys these wherever it raises a notification.
 */
export function NotificationSettingsPage() {
  useDocumentTitle('Notifications');
  const { tenant } = useCurrentTenant();
  const settings = useQuery(notificationSettingsQueryOptions(tenant.id));

  return (
    <div className="flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
          <BellIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          Notifications
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">
          Which notifications reach you in {tenant.name}, and how: in your Wattle inbox, by e-mail, or both.
        </p>
      </div>
      {settings.isPending ? (
        <LoadingStatus>Loading your notification settings...</LoadingStatus>
      ) : settings.isError ? (
        <LoadError
          title="Could not load your notification settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <NotificationSettingsForm tenantId={tenant.id} settings={settings.data} />
      )}
    </div>
  );
}

function NotificationSettingsForm({
  tenantId,
  settings,
}: {
  tenantId: string;
  settings: NotificationSettings;
}) {
  const save = useSaveNotificationSettings(tenantId);
  const id = useId();
  const [kinds, setKinds] = useState<Kinds>(settings.kinds);
  const [dailyDigest, setDailyDigest] = useState(settings.dailyDigest);
  const isDirty =
    dailyDigest !== settings.dailyDigest ||
    notificationKinds.some(
      (k) => kinds[k].inApp !== settings.kinds[k].inApp || kinds[k].email !== settings.kinds[k].email,
    );

  // Saved in another tab: shown unless the person is part-way through a change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only newer settings reset the form.
  useEffect(() => {
    if (isDirty) return;
    setKinds(settings.kinds);
    setDailyDigest(settings.dailyDigest);
  }, [settings]);

  const setChannel = (kind: NotificationKind, channel: keyof NotificationChannels, on: boolean) =>
    setKinds((current) => ({ ...current, [kind]: { ...current[kind], [channel]: on } }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { kinds, dailyDigest },
      {
        onSuccess: () => toast.success('Notification settings saved'),
        onError: (error) =>
          toast.error('Could not save your notification settings', { description: error.message }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-6">
      <SectionCard
        title="By kind"
        description="Approvals and organisation notices always show in the app, because they ask you to decide something there."
      >
        <table className="w-full text-sm">
          <caption className="sr-only">In the app and by e-mail, for each kind of notification</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">
                Kind
              </th>
              <th scope="col" className="w-16 px-2 py-2 text-center font-medium sm:w-24">
                In app
              </th>
              <th scope="col" className="w-16 py-2 pl-2 text-center font-medium sm:w-24">
                E-mail
              </th>
            </tr>
          </thead>
          <tbody>
            {notificationKinds.map((kind) => {
              const info = notificationKindInfo[kind];
              const rowId = `${id}-${kind}`;
              return (
                <tr key={kind} className="border-b last:border-b-0">
                  <th scope="row" className="py-3 pr-3 text-left align-top font-normal">
                    <span id={`${rowId}-label`} className="block font-medium">
                      {info.label}
                    </span>
                    <span className="block text-muted-foreground text-xs">{info.description}</span>
                  </th>
                  <td className="px-2 py-3 text-center align-top">
                    <Checkbox
                      checked={kinds[kind].inApp}
                      disabled={info.inAppRequired}
                      onCheckedChange={(on) => setChannel(kind, 'inApp', on === true)}
                      aria-label={`${info.label} in the app${info.inAppRequired ? ' (always on)' : ''}`}
                    />
                  </td>
                  <td className="py-3 pl-2 text-center align-top">
                    <Checkbox
                      checked={kinds[kind].email}
                      onCheckedChange={(on) => setChannel(kind, 'email', on === true)}
                      aria-label={`${info.label} by e-mail`}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </SectionCard>
      <SectionCard title="E-mail delivery">
        <div className="flex items-start gap-3">
          <Switch
            id={`${id}-digest`}
            checked={dailyDigest}
            onCheckedChange={setDailyDigest}
            aria-describedby={`${id}-digest-hint`}
            className="mt-0.5"
          />
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-digest`}>Daily digest</Label>
            <p id={`${id}-digest-hint`} className="text-muted-foreground text-sm">
              One e-mail a day, from 7 am in your time zone, listing the notifications you have not read yet,
              instead of one e-mail each. Only the kinds ticked for e-mail are included.
            </p>
          </div>
        </div>
      </SectionCard>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending || !isDirty}>
          {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          Save
        </Button>
        {isDirty ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setKinds(settings.kinds);
              setDailyDigest(settings.dailyDigest);
            }}
          >
            Discard changes
          </Button>
        ) : null}
      </div>
    </form>
  );
}
