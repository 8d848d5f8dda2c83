import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can } from '@wattle/domain/auth/permissions';
import { shortDate } from '@wattle/domain/restrictive-practices/rules';
import {
  type Authorisation,
  type AuthorisationStatus,
  authorisationStatusLabels,
  CreateAuthorisationSchema,
  type PracticeType,
  practiceTypeLabels,
  practiceTypes,
} from '@wattle/domain/restrictive-practices/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import { AlertCircleIcon, PencilIcon, PlusIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { isApiError, validationIssues } from '@/lib/http';
import { Alert, AlertDescription } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { DateInput } from '@/ui/date-input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/ui/dialog';
import { FormField, fieldAria, textareaClass } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { NativeSelect } from '@/ui/native-select';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SectionCard } from '@/ui/section-card';
import { toast } from '@/ui/toast';
import {
  createAuthorisation,
  registerQueryOptions,
  restrictivePracticeKeys,
  updateAuthorisation,
} from './api';

const statusVariant: Record<AuthorisationStatus, 'success' | 'outline' | 'secondary'> = {
  'in-force': 'success',
  expired: 'outline',
  pending: 'secondary',
  'not-started': 'secondary',
};

/** The register: each practice in the plan with its authorisation; expired ones are marked. */
export function RegisterSection({
  tenantId,
  team,
  participantId,
}: {
  tenantId: string;
  team: Team;
  participantId: string;
}) {
  const register = useQuery(registerQueryOptions(tenantId, participantId));
  const canManage = team.status === 'active' && can(team.myRole, 'manage:restrictive-practices');
  const [editing, setEditing] = useState<Authorisation | 'new' | null>(null);

  return (
    <SectionCard
      title="Register of authorised practices"
      description="Each regulated practice in the behaviour support plan, with the state's authorisation reference and expiry. A use is authorised only on a day its authorisation is in force."
    >
      <div className="flex flex-col gap-3" data-testid="rp-register">
        {canManage ? (
          <div>
            <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
              <PlusIcon aria-hidden="true" />
              Add practice
            </Button>
          </div>
        ) : null}
        {register.isPending ? (
          <LoadingStatus>Loading the register...</LoadingStatus>
        ) : register.isError ? (
          <LoadError
            title="The register could not be loaded"
            error={register.error}
            onRetry={() => void register.refetch()}
          />
        ) : register.data.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
            No restrictive practice is in the register. Any use logged now is unauthorised and raises a
            reportable incident.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="py-2 pr-3 font-medium">Practice</th>
                  <th className="py-2 pr-3 font-medium">Reference</th>
                  <th className="py-2 pr-3 font-medium">Authorised</th>
                  <th className="py-2 pr-3 font-medium">Expires</th>
                  <th className="py-2 pr-3 font-medium">Status</th>
                  <th className="py-2 pr-3 font-medium">Uses</th>
                  {canManage ? <th className="py-2 font-medium sr-only">Actions</th> : null}
                </tr>
              </thead>
              <tbody>
                {register.data.map((entry) => (
                  <tr key={entry.id} className="border-t align-top" data-testid="rp-register-row">
                    <td className="py-2 pr-3">
                      <div className="font-medium">{practiceTypeLabels[entry.practiceType]}</div>
                      {entry.description ? (
                        <div className="text-muted-foreground text-xs">{entry.description}</div>
                      ) : null}
                    </td>
                    <td className="py-2 pr-3">{entry.authorisationReference ?? '—'}</td>
                    <td className="py-2 pr-3">{shortDate(entry.authorisedOn) || '—'}</td>
                    <td className="py-2 pr-3">{shortDate(entry.expiresOn) || 'No expiry recorded'}</td>
                    <td className="py-2 pr-3">
                      <Badge variant={statusVariant[entry.status]}>
                        {authorisationStatusLabels[entry.status]}
                      </Badge>
                    </td>
                    <td className="py-2 pr-3">{entry.useCount}</td>
                    {canManage ? (
                      <td className="py-2 text-right">
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setEditing(entry)}
                          aria-label={`Edit ${practiceTypeLabels[entry.practiceType]}`}
                        >
                          <PencilIcon aria-hidden="true" />
                          Edit
                        </Button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {editing ? (
        <AuthorisationDialog
          tenantId={tenantId}
          participantId={participantId}
          entry={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </SectionCard>
  );
}

interface Draft {
  practiceType: PracticeType;
  description: string;
  authorisationReference: string;
  authorisedOn: string;
  expiresOn: string;
}

function AuthorisationDialog({
  tenantId,
  participantId,
  entry,
  onClose,
}: {
  tenantId: string;
  participantId: string;
  entry: Authorisation | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<Draft>({
    practiceType: entry?.practiceType ?? 'physical',
    description: entry?.description ?? '',
    authorisationReference: entry?.authorisationReference ?? '',
    authorisedOn: entry?.authorisedOn ?? '',
    expiresOn: entry?.expiresOn ?? '',
  });
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const body = {
        practiceType: draft.practiceType,
        description: draft.description,
        authorisationReference: draft.authorisationReference || null,
        authorisedOn: draft.authorisedOn || null,
        expiresOn: draft.expiresOn || null,
      };
      return entry
        ? updateAuthorisation(tenantId, entry.id, { ...body, version: entry.version })
        : createAuthorisation(tenantId, { ...body, participantId });
    },
    onSuccess: () => {
      toast.success(entry ? 'Authorisation saved' : 'Practice added to the register');
      void queryClient.invalidateQueries({ queryKey: restrictivePracticeKeys.all(tenantId) });
      onClose();
    },
    onError: (failure) => {
      const fields = Object.fromEntries(validationIssues(failure).map((i) => [String(i.path[0]), i.message]));
      setIssues(fields);
      setError(failure.message);
      // Someone else saved it: the list shows theirs; this form keeps what was typed.
      if (isApiError(failure, 'CONFLICT')) {
        void queryClient.invalidateQueries({ queryKey: restrictivePracticeKeys.all(tenantId) });
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateAuthorisationSchema.safeParse({
      participantId,
      ...draft,
      authorisationReference: draft.authorisationReference || null,
      authorisedOn: draft.authorisedOn || null,
      expiresOn: draft.expiresOn || null,
    });
    if (!parsed.success) {
      setIssues(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setIssues({});
    setError(null);
    save.mutate();
  };
  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const field = (name: keyof Draft) => `${id}-${name}`;

  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen || save.isPending ? undefined : onClose())}>
      <DialogContent size="medium">
        <DialogHeader>
          <DialogTitle>{entry ? 'Edit authorisation' : 'Add a practice to the register'}</DialogTitle>
          <DialogDescription>
            Record the practice as the behaviour support plan names it, with the authorisation the state gave.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <FormField id={field('practiceType')} label="Practice" isRequired error={issues.practiceType}>
            <NativeSelect
              id={field('practiceType')}
              value={draft.practiceType}
              onChange={(e) => set('practiceType')(e.target.value)}
            >
              {practiceTypes.map((type) => (
                <option key={type} value={type}>
                  {practiceTypeLabels[type]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={field('description')} label="Description" error={issues.description}>
            <textarea
              id={field('description')}
              className={textareaClass}
              value={draft.description}
              maxLength={2000}
              onChange={(e) => set('description')(e.target.value)}
              {...fieldAria(field('description'), { error: issues.description })}
            />
          </FormField>
          <FormField
            id={field('authorisationReference')}
            label="Authorisation reference"
            error={issues.authorisationReference}
          >
            <Input
              id={field('authorisationReference')}
              value={draft.authorisationReference}
              maxLength={100}
              onChange={(e) => set('authorisationReference')(e.target.value)}
              {...fieldAria(field('authorisationReference'), { error: issues.authorisationReference })}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={field('authorisedOn')} label="Authorised on" error={issues.authorisedOn}>
              <DateInput
                id={field('authorisedOn')}
                value={draft.authorisedOn}
                onChange={set('authorisedOn')}
                {...fieldAria(field('authorisedOn'), { error: issues.authorisedOn })}
              />
            </FormField>
            <FormField id={field('expiresOn')} label="Expires on" error={issues.expiresOn}>
              <DateInput
                id={field('expiresOn')}
                value={draft.expiresOn}
                onChange={set('expiresOn')}
                {...fieldAria(field('expiresOn'), { error: issues.expiresOn })}
              />
            </FormField>
          </div>
          {error ? (
            <Alert variant="destructive">
              <AlertCircleIcon aria-hidden="true" />
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {entry ? 'Save' : 'Add practice'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
