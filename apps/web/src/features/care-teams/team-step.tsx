import { careTeamMessages, InviteEmailSchema, isEmailAlreadyAdded } from '@wattle/domain/care-teams/schemas';
import { defaultTeamName } from '@wattle/domain/teams/schemas';
import { MailIcon, PlusIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { FormField, fieldAria } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { TeamRoleOptions } from './team-role-options';
import { nameFromEmail, newMemberRole, type WizardDraft } from './wizard-draft';

/**
 * Adding one person by e-mail and role, with the spec's messages: 'Please enter an email address'
 * and 'This email is already added to the team' (the same address in any case).
 */
function AddMemberRow({
  onAdd,
}: {
  onAdd: (member: { email: string; role: WizardDraft['members'][number]['role'] }) => string | null;
}) {
  const base = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState(newMemberRole);
  const [error, setError] = useState<string | null>(null);

  function add() {
    const problem = onAdd({ email, role });
    setError(problem);
    if (!problem) {
      setEmail('');
      setRole(newMemberRole);
      document.getElementById(`${base}-email`)?.focus();
    }
  }

  return (
    <div className="flex flex-col gap-1.5">
      <div className="grid gap-2 sm:grid-cols-[1fr_11rem_auto] sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${base}-email`}>Email</Label>
          <Input
            id={`${base}-email`}
            type="email"
            autoComplete="off"
            placeholder="name@example.com"
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${base}-error` : undefined}
            onChange={(event) => setEmail(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${base}-role`}>Role</Label>
          <NativeSelect
            id={`${base}-role`}
            value={role}
            onChange={(event) => setRole(event.target.value as typeof role)}
          >
            <TeamRoleOptions />
          </NativeSelect>
        </div>
        <Button type="button" variant="outline" onClick={add}>
          <PlusIcon aria-hidden="true" />
          Add Member
        </Button>
      </div>
      {error ? (
        <p id={`${base}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Step 2, 'Create Care Team': the team's name (default 'Care Team') and the people to invite. */
export function TeamStep() {
  const {
    register,
    control,
    getValues,
    formState: { errors },
  } = useFormContext<WizardDraft>();
  const { fields, append, remove } = useFieldArray({ control, name: 'members' });
  const base = useId();
  const nameError = errors.teamName?.message;

  function addMember(member: { email: string; role: WizardDraft['members'][number]['role'] }): string | null {
    const parsed = InviteEmailSchema.safeParse(member.email);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? careTeamMessages.email;
    if (isEmailAlreadyAdded(getValues('members'), parsed.data)) return careTeamMessages.duplicateEmail;
    append({ email: parsed.data, role: member.role });
    return null;
  }

  return (
    <div className="flex flex-col gap-6">
      <FormField id={`${base}-name`} label="Team Name" isRequired error={nameError}>
        <Input
          id={`${base}-name`}
          autoComplete="off"
          placeholder={defaultTeamName}
          {...fieldAria(`${base}-name`, { error: nameError, isRequired: true })}
          {...register('teamName')}
        />
      </FormField>

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-1 font-semibold text-sm">Team Members</legend>
        <p className="text-muted-foreground text-sm">
          People who already have a Wattle account join the team (and your organisation) when it is created;
          everyone else is sent an invitation.
        </p>
        <AddMemberRow onAdd={addMember} />
        {fields.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-5 text-center text-muted-foreground text-sm">
            No members added yet.
          </p>
        ) : (
          <ul aria-label="Members to invite" className="flex flex-col gap-2">
            {fields.map((field, index) => {
              const memberError = errors.members?.[index]?.email?.message;
              return (
                <li
                  key={field.id}
                  data-testid="wizard-member"
                  className="flex flex-col gap-2 rounded-lg border bg-card p-3 sm:flex-row sm:items-center"
                >
                  <span
                    className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground sm:flex"
                    aria-hidden="true"
                  >
                    <MailIcon className="size-4" />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-medium text-sm">{nameFromEmail(field.email)}</span>
                    <span className="truncate text-muted-foreground text-xs">{field.email}</span>
                    {memberError ? <span className="text-destructive text-sm">{memberError}</span> : null}
                  </span>
                  <span className="flex items-center gap-2">
                    <NativeSelect
                      aria-label={`Role of ${field.email}`}
                      wrapperClassName="w-40"
                      {...register(`members.${index}.role`)}
                    >
                      <TeamRoleOptions />
                    </NativeSelect>
                    <Badge variant="secondary">Pending</Badge>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${field.email}`}
                      onClick={() => remove(index)}
                    >
                      <XIcon aria-hidden="true" />
                    </Button>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
    </div>
  );
}
