import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { can } from '@wattle/domain/auth/permissions';
import { dataResidencyLabels, minimumAuditRetentionDays } from '@wattle/domain/tenants/constants';
import { maxLogoDataUrlLength, type Tenant } from '@wattle/domain/tenants/schemas';
import { trialStateOf } from '@wattle/domain/tenants/trial';
import { Building2Icon, ImageIcon, Loader2Icon } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { tenantWideRole } from '@/features/participants/participant-access';
import { useCurrentTenant } from '@/features/tenants/api';
import { currentTenantQueryOptions } from '@/features/time/api';
import { ApiError, validationIssues } from '@/lib/http';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ConflictAlert } from '@/ui/conflict-alert';
import { FormField, fieldAria } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SectionCard } from '@/ui/section-card';
import { Switch } from '@/ui/switch';
import { toast } from '@/ui/toast';
import {
  checkTenantForm,
  formFieldOfPath,
  logoTooLargeMessage,
  maxLogoFileKB,
  type TenantFormErrors,
  type TenantFormValues,
  toTenantForm,
  toTenantUpdate,
} from './tenant-form';
import { useTenantDraft } from './use-tenant-draft';

/**
 * /settings/tenant (issue 17 `tenant`, spec shell section 3): the organisation's name, white-label
 * colour and logo, custom domain, data residency (shown), audit retention, and its subscription and
 * trial (shown). Owners and admins change them; others who reach the page read them.
 */
export function TenantSettingsPage() {
  useDocumentTitle('Tenant Settings');
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { tenant: summary } = useCurrentTenant();
  const canWrite = can(tenantWideRole(me.platformRole, summary.role), 'manage:tenant');
  const tenant = useQuery(currentTenantQueryOptions(summary.id));

  return (
    <div className="flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
          <Building2Icon className="size-6 text-muted-foreground" aria-hidden="true" />
          Tenant Settings
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">
          Your organisation's name and branding, where its records are kept and for how long, and its plan.
        </p>
      </div>
      {tenant.isPending ? (
        <LoadingStatus>Loading the organisation's settings...</LoadingStatus>
      ) : tenant.isError ? (
        <LoadError
          title="Could not load the organisation's settings"
          error={tenant.error}
          onRetry={() => void tenant.refetch()}
        />
      ) : (
        <>
          <TenantSettingsForm tenant={tenant.data} isReadOnly={!canWrite} />
          <SubscriptionSection tenant={tenant.data} />
        </>
      )}
    </div>
  );
}

function TenantSettingsForm({ tenant, isReadOnly }: { tenant: Tenant; isReadOnly: boolean }) {
  const base = useId();
  const edit = useTenantDraft(tenant, toTenantForm);
  const { values, setValues, save } = edit;
  const [errors, setErrors] = useState<TenantFormErrors>({});
  const set = <K extends keyof TenantFormValues>(key: K, value: TenantFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const focusFirstError = (found: TenantFormErrors) => {
    const first = (['name', 'primaryColor', 'logo', 'customDomain', 'retentionDays'] as const).find(
      (key) => found[key],
    );
    if (first) document.getElementById(`${base}-${first}`)?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    edit.clearConflict();
    const found = checkTenantForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    save.mutate(toTenantUpdate(values, tenant, edit.baseVersion), {
      onSuccess: (saved) => {
        edit.showSaved(saved);
        toast.success('Organisation settings saved');
      },
      onError: (error) => {
        if (edit.takeConflict(error)) return;
        if (error instanceof ApiError && error.code === 'CONFLICT') {
          // A custom domain another organisation uses.
          setErrors({ customDomain: error.message });
          focusFirstError({ customDomain: error.message });
          return;
        }
        const serverErrors: TenantFormErrors = {};
        for (const issue of validationIssues(error)) {
          const field = formFieldOfPath(issue.path);
          if (field && !serverErrors[field]) serverErrors[field] = issue.message;
        }
        setErrors(serverErrors);
        focusFirstError(serverErrors);
        toast.error('The organisation settings were not saved', {
          description: Object.keys(serverErrors).length ? 'Check the fields marked below.' : error.message,
        });
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Organisation settings">
      {edit.isConflict ? (
        <ConflictAlert title="Someone else saved these settings first">
          They have been reloaded with what was saved: make your changes again.
        </ConflictAlert>
      ) : null}
      {isReadOnly ? (
        <p className="text-muted-foreground text-sm" data-testid="read-only-note">
          You can read these settings. Your organisation's owners and admins can change them.
        </p>
      ) : null}
      <fieldset disabled={isReadOnly} className="flex min-w-0 flex-col gap-4">
        <SectionCard title="Organisation" contentClassName="grid gap-4 sm:grid-cols-2">
          <FormField
            id={`${base}-name`}
            label="Name"
            isRequired
            error={errors.name}
            className="sm:col-span-2"
          >
            <Input
              id={`${base}-name`}
              value={values.name}
              autoComplete="organization"
              onChange={(event) => set('name', event.target.value)}
              {...fieldAria(`${base}-name`, { error: errors.name, isRequired: true })}
            />
          </FormField>
          <ReadOnlyFact
            label="Data residency"
            hint="Where this installation keeps the organisation's records."
          >
            {dataResidencyLabels[tenant.settings.dataResidency]}
          </ReadOnlyFact>
          <FormField
            id={`${base}-retentionDays`}
            label="Audit retention"
            hint={`How long the audit trail is kept. NDIS records need at least seven years (${minimumAuditRetentionDays} days).`}
            error={errors.retentionDays}
          >
            <div className="flex items-center gap-2">
              <Input
                id={`${base}-retentionDays`}
                inputMode="numeric"
                autoComplete="off"
                value={values.retentionDays}
                onChange={(event) => set('retentionDays', event.target.value)}
                {...fieldAria(`${base}-retentionDays`, { error: errors.retentionDays, hint: true })}
              />
              <span className="text-muted-foreground text-sm">days</span>
            </div>
          </FormField>
        </SectionCard>
        <SectionCard
          title="Branding"
          description="White-label shows your colour across Wattle for everyone in the organisation, and your custom domain in the organisation switcher."
          contentClassName="grid gap-4 sm:grid-cols-2"
        >
          <div className="flex items-center gap-3 sm:col-span-2">
            <Switch
              id={`${base}-whiteLabel`}
              checked={values.whiteLabel}
              onCheckedChange={(checked) => set('whiteLabel', checked)}
            />
            <Label htmlFor={`${base}-whiteLabel`}>White-label (use the organisation's colour)</Label>
          </div>
          <FormField
            id={`${base}-primaryColor`}
            label="Colour"
            hint="Buttons, links and highlights. Text on it turns dark when white would be hard to read."
            error={errors.primaryColor}
          >
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label="Pick the colour"
                className="h-9 w-12 shrink-0 cursor-pointer rounded-md border bg-background p-1"
                value={/^#[0-9a-f]{6}$/i.test(values.primaryColor) ? values.primaryColor : '#3b82f6'}
                onChange={(event) => set('primaryColor', event.target.value)}
              />
              <Input
                id={`${base}-primaryColor`}
                value={values.primaryColor}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => set('primaryColor', event.target.value)}
                {...fieldAria(`${base}-primaryColor`, { error: errors.primaryColor, hint: true })}
              />
            </div>
          </FormField>
          <FormField
            id={`${base}-customDomain`}
            label="Custom domain"
            hint="e.g. care.sunrise.org.au. Each domain belongs to one organisation."
            error={errors.customDomain}
          >
            <Input
              id={`${base}-customDomain`}
              value={values.customDomain}
              autoComplete="off"
              spellCheck={false}
              placeholder="None"
              onChange={(event) => set('customDomain', event.target.value)}
              {...fieldAria(`${base}-customDomain`, { error: errors.customDomain, hint: true })}
            />
          </FormField>
          <LogoField
            id={`${base}-logo`}
            logo={values.logo}
            error={errors.logo}
            isReadOnly={isReadOnly}
            onChange={(logo, problem) => {
              if (problem) setErrors((current) => ({ ...current, logo: problem }));
              else {
                set('logo', logo);
                setErrors((current) => ({ ...current, logo: undefined }));
              }
            }}
          />
        </SectionCard>
      </fieldset>
      {isReadOnly ? null : (
        <div className="flex justify-end gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={!edit.isDirty || save.isPending}
            onClick={() => {
              edit.discard();
              setErrors({});
            }}
          >
            Discard changes
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            Save
          </Button>
        </div>
      )}
    </form>
  );
}

function ReadOnlyFact({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <p className="font-medium text-sm">{label}</p>
      <p className="flex h-9 items-center text-sm">{children}</p>
      {hint ? <p className="text-muted-foreground text-xs">{hint}</p> : null}
    </div>
  );
}

/** A PNG or JPEG read into a data URL (kept on the tenant; printed on tax invoices when a PNG). */
function LogoField({
  id,
  logo,
  error,
  isReadOnly,
  onChange,
}: {
  id: string;
  logo: string | null;
  error: string | undefined;
  isReadOnly: boolean;
  onChange: (logo: string | null, problem?: string) => void;
}) {
  const readFile = (file: File | undefined) => {
    if (!file) return;
    if (file.type !== 'image/png' && file.type !== 'image/jpeg') {
      onChange(null, 'The logo must be a PNG or JPEG image');
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      const dataUrl = String(reader.result);
      if (dataUrl.length > maxLogoDataUrlLength) onChange(null, logoTooLargeMessage);
      else onChange(dataUrl);
    };
    reader.onerror = () => onChange(null, 'The image could not be read; try another file');
    reader.readAsDataURL(file);
  };
  return (
    <FormField
      id={id}
      label="Logo"
      hint={`PNG or JPEG, up to ${maxLogoFileKB} KB. A PNG is also printed on tax invoices.`}
      error={error}
      className="sm:col-span-2"
    >
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
          {logo ? (
            <img src={logo} alt="The organisation's logo" className="max-h-full max-w-full object-contain" />
          ) : (
            <ImageIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          )}
        </div>
        {isReadOnly ? null : (
          <>
            <Input
              id={id}
              type="file"
              accept="image/png,image/jpeg"
              className="max-w-xs"
              onChange={(event) => {
                readFile(event.target.files?.[0]);
                event.target.value = '';
              }}
              {...fieldAria(id, { error, hint: true })}
            />
            {logo ? (
              <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
                Remove logo
              </Button>
            ) : null}
          </>
        )}
      </div>
    </FormField>
  );
}

const planLabels = {
  trial: 'Trial',
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
} as const;
const statusLabels = {
  trialing: 'On trial',
  active: 'Active',
  past_due: 'Payment overdue',
  cancelled: 'Cancelled',
} as const;
const limitText = (value: number, unit: string) => (value < 0 ? `Unlimited ${unit}` : `${value} ${unit}`);

function SubscriptionSection({ tenant }: { tenant: Tenant }) {
  const { subscription } = tenant;
  const trial = trialStateOf(subscription);
  const endsOn = trial
    ? new Intl.DateTimeFormat('en-AU', { dateStyle: 'long' }).format(new Date(trial.endsAt))
    : null;
  return (
    <SectionCard
      title="Subscription"
      description="Your plan and its limits. To change plan, ask Wattle support."
      contentClassName="flex flex-col gap-3"
    >
      <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="subscription-plan">
        <span className="font-medium">{planLabels[subscription.plan]} plan</span>
        <Badge
          variant={
            subscription.status === 'active' || subscription.status === 'trialing' ? 'secondary' : 'outline'
          }
        >
          {statusLabels[subscription.status]}
        </Badge>
      </p>
      {trial ? (
        <p className="text-sm" data-testid="trial-state">
          {trial.hasEnded
            ? `The trial ended on ${endsOn}.`
            : `${trial.daysLeft} ${trial.daysLeft === 1 ? 'day' : 'days'} left in the trial (it ends on ${endsOn}).`}
          {trial.isEndingSoon ? ' Choose a plan before then to keep working without a break.' : ''}
        </p>
      ) : null}
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground text-xs">Teams</dt>
          <dd>{limitText(subscription.limits.maxTeams, 'teams')}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">People</dt>
          <dd>{limitText(subscription.limits.maxUsers, 'people')}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">File storage</dt>
          <dd>{subscription.limits.storageGB} GB</dd>
        </div>
      </dl>
    </SectionCard>
  );
}
