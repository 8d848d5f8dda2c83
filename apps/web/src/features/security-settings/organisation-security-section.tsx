import { maxAllowedEmailDomains, sessionIdleMinutesRange } from '@wattle/domain/tenants/constants';
import type { Tenant } from '@wattle/domain/tenants/schemas';
import { Loader2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTenantDraft } from '@/features/tenant-settings/use-tenant-draft';
import { validationIssues } from '@/lib/http';
import { Button } from '@/ui/button';
import { ConflictAlert } from '@/ui/conflict-alert';
import { FormField, fieldAria, textareaClass } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { SectionCard } from '@/ui/section-card';
import { toast } from '@/ui/toast';
import { parseDomainList } from './email-domain-list';

interface Draft {
  idleMinutes: string;
  domains: string;
}

const toDraft = (tenant: Tenant): Draft => ({
  idleMinutes: tenant.security.sessionIdleMinutes?.toString() ?? '',
  domains: tenant.security.allowedEmailDomains.join('\n'),
});

const idleMessage = `Enter whole minutes from ${sessionIdleMinutesRange.min} to ${sessionIdleMinutesRange.max}, or leave it empty`;

/**
 * The organisation's sign-in rules (owners and admins): how long a session may sit idle, and which
 * e-mail domains may be invited. Saved on the tenant (PATCH /api/tenants/current, audited).
 */
export function OrganisationSecuritySection({ tenant }: { tenant: Tenant }) {
  const base = useId();
  const edit = useTenantDraft(tenant, toDraft);
  const { values: draft, setValues: setDraft, save } = edit;
  const [errors, setErrors] = useState<{ idleMinutes?: string; domains?: string }>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    edit.clearConflict();
    const nextErrors: typeof errors = {};
    const idleText = draft.idleMinutes.trim();
    const idle = idleText === '' ? null : Number(idleText);
    if (
      idle !== null &&
      (!Number.isInteger(idle) || idle < sessionIdleMinutesRange.min || idle > sessionIdleMinutesRange.max)
    ) {
      nextErrors.idleMinutes = idleMessage;
    }
    const domains = parseDomainList(draft.domains);
    if (domains.length > maxAllowedEmailDomains) {
      nextErrors.domains = `Allow at most ${maxAllowedEmailDomains} e-mail domains`;
    }
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;
    save.mutate(
      {
        version: edit.baseVersion,
        security: { sessionIdleMinutes: idle, allowedEmailDomains: domains },
      },
      {
        onSuccess: (updated) => {
          edit.showSaved(updated);
          toast.success('Sign-in rules saved');
        },
        onError: (error) => {
          if (edit.takeConflict(error)) return;
          const serverErrors: typeof errors = {};
          for (const issue of validationIssues(error)) {
            if (issue.path.includes('sessionIdleMinutes')) serverErrors.idleMinutes = issue.message;
            if (issue.path.includes('allowedEmailDomains')) {
              const index = issue.path.find((part) => typeof part === 'number');
              serverErrors.domains =
                index === undefined ? issue.message : `${domains[index as number]}: ${issue.message}`;
            }
          }
          setErrors(serverErrors);
          toast.error('The sign-in rules were not saved', {
            description: Object.keys(serverErrors).length ? 'Check the fields marked below.' : error.message,
          });
        },
      },
    );
  };

  return (
    <SectionCard
      title="Organisation sign-in rules"
      description={`For everyone in ${tenant.name}. Only owners and admins see and change these.`}
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label="Organisation sign-in rules"
      >
        {edit.isConflict ? (
          <ConflictAlert title="Someone else saved the organisation's settings first">
            The rules have been reloaded with what was saved: make your changes again.
          </ConflictAlert>
        ) : null}
        <FormField
          id={`${base}-idle`}
          label="Session idle time"
          hint={`Minutes without activity after which people are signed out of ${tenant.name} (${sessionIdleMinutesRange.min} to ${sessionIdleMinutesRange.max}). Leave empty for Wattle's standard limit.`}
          error={errors.idleMinutes}
          className="sm:max-w-sm"
        >
          <div className="flex items-center gap-2">
            <Input
              id={`${base}-idle`}
              inputMode="numeric"
              autoComplete="off"
              value={draft.idleMinutes}
              onChange={(event) => setDraft({ ...draft, idleMinutes: event.target.value })}
              {...fieldAria(`${base}-idle`, { error: errors.idleMinutes, hint: true })}
            />
            <span className="text-muted-foreground text-sm">minutes</span>
          </div>
        </FormField>
        <FormField
          id={`${base}-domains`}
          label="Allowed e-mail domains"
          hint="One a line, e.g. sunrise.org.au. When any are listed, only addresses at them can be invited. People already in the organisation keep their access: remove them in Team Management if they should go."
          error={errors.domains}
        >
          <textarea
            id={`${base}-domains`}
            rows={3}
            className={textareaClass}
            value={draft.domains}
            placeholder="Any domain"
            onChange={(event) => setDraft({ ...draft, domains: event.target.value })}
            {...fieldAria(`${base}-domains`, { error: errors.domains, hint: true })}
          />
        </FormField>
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
            Save sign-in rules
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
