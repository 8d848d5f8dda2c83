import { useQuery } from '@tanstack/react-query';
import type { ApiToken } from '@wattle/domain/users/schemas';
import { CopyIcon, KeyRoundIcon, Loader2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { validationIssues } from '@/lib/http';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog, ConfirmDialogAction } from '@/ui/confirm-dialog';
import { FormField, fieldAria } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { NativeSelect } from '@/ui/native-select';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SectionCard } from '@/ui/section-card';
import { toast } from '@/ui/toast';
import { myTokensQueryOptions, useCreateToken, useRevokeToken } from './api';
import { formatDay, formatWhen } from './format';

const expiryChoices = [
  { value: '', label: 'Never' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '366', label: 'One year' },
] as const;

/**
 * Personal API tokens (DESIGN.md section 4): for scripts that call the API as this person. The
 * secret is shown once, when made; afterwards only its first characters identify it.
 */
export function ApiTokensSection() {
  const tokens = useQuery(myTokensQueryOptions());
  const revoke = useRevokeToken();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  return (
    <SectionCard
      title="Personal API tokens"
      description="A token lets a script or another system use the Wattle API as you, with your access. Keep it secret, like a password."
      contentClassName="flex flex-col gap-4"
    >
      <CreateTokenForm />
      {tokens.isPending ? (
        <LoadingStatus>Loading your tokens...</LoadingStatus>
      ) : tokens.isError ? (
        <LoadError
          title="Could not load your tokens"
          error={tokens.error}
          onRetry={() => void tokens.refetch()}
        />
      ) : tokens.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">You have no API tokens.</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border" aria-label="Your API tokens">
          {tokens.data.map((token) => (
            <li
              key={token.id}
              className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center"
              data-testid="token-row"
            >
              <KeyRoundIcon
                className="hidden size-5 shrink-0 text-muted-foreground sm:block"
                aria-hidden="true"
              />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-sm">
                  {token.name}{' '}
                  <span className="font-mono text-muted-foreground text-xs">{token.prefix}…</span>
                </p>
                <p className="text-muted-foreground text-xs">
                  Made {formatDay(token.createdAt)} ·{' '}
                  {token.lastUsedAt ? `Last used ${formatWhen(token.lastUsedAt)}` : 'Never used'} ·{' '}
                  {token.expiresAt ? `Expires ${formatDay(token.expiresAt)}` : 'Does not expire'}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                className="self-start sm:self-center"
                aria-label={`Revoke ${token.name}`}
                onClick={() => setRevoking(token)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke ${revoking?.name ?? 'this token'}?`}
        description="Anything using this token stops working at once. This cannot be undone."
        cancelLabel="Cancel"
        onKeepEditing={() => setRevoking(null)}
        isBusy={revoke.isPending}
      >
        <ConfirmDialogAction asChild>
          <Button
            variant="destructive"
            onClick={() => {
              const token = revoking;
              if (!token) return;
              revoke.mutate(token.id, {
                onSuccess: () => toast.success(`Revoked ${token.name}`),
                onError: (error) => toast.error('The token was not revoked', { description: error.message }),
              });
            }}
          >
            Revoke token
          </Button>
        </ConfirmDialogAction>
      </ConfirmDialog>
    </SectionCard>
  );
}

function CreateTokenForm() {
  const base = useId();
  const create = useCreateToken();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Give the token a name, such as the script that will use it');
      return;
    }
    if (trimmed.length > 100) {
      setNameError('The name can be at most 100 characters');
      return;
    }
    setNameError(undefined);
    create.mutate(
      { name: trimmed, ...(expiry ? { expiresInDays: Number(expiry) } : {}) },
      {
        onSuccess: (result) => {
          setCreated({ name: result.name, token: result.token });
          setName('');
          setExpiry('');
        },
        onError: (error) => {
          const issue = validationIssues(error).find((i) => i.path[0] === 'name');
          if (issue) setNameError(issue.message);
          else toast.error('The token was not made', { description: error.message });
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      {created ? (
        <Alert data-testid="new-token">
          <KeyRoundIcon aria-hidden="true" />
          <AlertTitle>Copy your new token now: it won't be shown again</AlertTitle>
          <AlertDescription className="flex flex-col gap-2">
            <span>Use it as "Authorization: Bearer" with the API. Token "{created.name}":</span>
            <code className="block break-all rounded bg-muted px-2 py-1 font-mono text-foreground text-xs">
              {created.token}
            </code>
            <span className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  void navigator.clipboard
                    .writeText(created.token)
                    .then(() => toast.success('Token copied'))
                    .catch(() => toast.error('Could not copy: select the token and copy it yourself'))
                }
              >
                <CopyIcon aria-hidden="true" />
                Copy token
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setCreated(null)}>
                I've copied it
              </Button>
            </span>
          </AlertDescription>
        </Alert>
      ) : null}
      <form
        noValidate
        onSubmit={onSubmit}
        className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
        aria-label="New API token"
      >
        <FormField id={`${base}-name`} label="Token name" error={nameError}>
          <Input
            id={`${base}-name`}
            value={name}
            maxLength={120}
            autoComplete="off"
            placeholder="e.g. Monthly hours export"
            onChange={(event) => setName(event.target.value)}
            {...fieldAria(`${base}-name`, { error: nameError })}
          />
        </FormField>
        <FormField id={`${base}-expiry`} label="Expires">
          <NativeSelect
            id={`${base}-expiry`}
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
          >
            {expiryChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          Create token
        </Button>
      </form>
    </div>
  );
}
