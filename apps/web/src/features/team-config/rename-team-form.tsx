import { zodResolver } from '@hookform/resolvers/zod';
import { type Team, UpdateTeamSchema } from '@wattle/domain/teams/schemas';
import { AlertCircleIcon, Loader2Icon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { FormField, fieldAria } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { toast } from '@/ui/toast';
import { updateTeam, useRememberTeam, useTeamWrite } from './api';
import { currentTeamOfConflict, isConflict, teamConflictMessage } from './conflict';

const RenameSchema = z.object({ name: UpdateTeamSchema.shape.name.unwrap() });

/** Renames the team with the version it was read at; someone else's change first is a reload message. */
export function RenameTeamForm({ tenantId, team }: { tenantId: string; team: Team }) {
  const id = useId();
  const remember = useRememberTeam(tenantId);
  const [conflict, setConflict] = useState(false);
  const form = useForm({ resolver: zodResolver(RenameSchema), defaultValues: { name: team.name } });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = form;
  // The version the edit started from: a change by someone else while typing is a 409, not overwritten.
  const [baseVersion, setBaseVersion] = useState(team.version);
  const rename = useTeamWrite(tenantId, (name: string) =>
    updateTeam(tenantId, team.id, { version: baseVersion, name }),
  );

  // Renamed elsewhere (a live update): show it unless the user is typing a name.
  useEffect(() => {
    if (isDirty) return;
    reset({ name: team.name });
    setBaseVersion(team.version);
  }, [team.name, team.version, isDirty, reset]);

  const error = errors.name?.message;

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={handleSubmit(({ name }) => {
        setConflict(false);
        rename.mutate(name, {
          onSuccess: (updated) => {
            reset({ name: (updated as Team).name });
            toast.success('Team renamed', {
              description: `The team is now called ${(updated as Team).name}.`,
            });
          },
          onError: async (failure) => {
            if (isConflict(failure)) {
              const current = currentTeamOfConflict(failure);
              await remember(current ?? undefined);
              reset({ name: current?.name ?? team.name });
              setConflict(true);
              return;
            }
            toast.error('The team was not renamed', { description: failure.message });
          },
        });
      })}
    >
      {conflict ? (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>The team was not renamed</AlertTitle>
          <AlertDescription>{teamConflictMessage}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <FormField id={`${id}-name`} label="Team name" error={error} className="flex-1">
          <Input
            id={`${id}-name`}
            autoComplete="off"
            {...fieldAria(`${id}-name`, { error })}
            {...register('name')}
          />
        </FormField>
        <Button
          type="submit"
          disabled={rename.isPending || !isDirty}
          className={error ? 'sm:mb-7' : undefined}
        >
          {rename.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          Rename
        </Button>
      </div>
    </form>
  );
}
