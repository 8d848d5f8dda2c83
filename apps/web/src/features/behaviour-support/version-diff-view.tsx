import { useQuery } from '@tanstack/react-query';
import type { PlanVersionSummary } from '@wattle/domain/behaviour-support/schemas';
import type { FieldDiff } from '@wattle/domain/behaviour-support/version-diff';
import { useId, useState } from 'react';
import { Badge } from '@/ui/badge';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { Switch } from '@/ui/switch';
import { planDiffQueryOptions } from './api';

const changeLabels: Record<FieldDiff['change'], string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
  unchanged: 'Unchanged',
};

/** One side of a changed field: the words the other side lacks are marked (struck out, or underlined). */
function Side({ diff, side }: { diff: FieldDiff; side: 'before' | 'after' }) {
  if (!diff.words) return <span>{diff[side] || <span className="text-muted-foreground">—</span>}</span>;
  return (
    <span>
      {diff.words.map((part, index) => {
        if (side === 'before' && part.added) return null;
        if (side === 'after' && part.removed) return null;
        if (part.removed) {
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed sequence.
            <del key={index} className="bg-destructive/15 text-destructive">
              {part.value}
            </del>
          );
        }
        if (part.added) {
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed sequence.
            <ins key={index} className="bg-emerald-100 text-emerald-900 no-underline">
              {part.value}
            </ins>
          );
        }
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed sequence.
        return <span key={index}>{part.value}</span>;
      })}
    </span>
  );
}

/**
 * Two versions of a plan side by side, field by field (the server's diff, labelled from the
 * template): the changed fields only by default, every field on request.
 */
export function VersionDiffView({
  tenantId,
  planId,
  versions,
}: {
  tenantId: string;
  planId: string;
  versions: PlanVersionSummary[];
}) {
  const id = useId();
  const numbers = versions.map((v) => v.number);
  const [from, setFrom] = useState(numbers.length > 1 ? numbers[numbers.length - 2]! : numbers[0]!);
  const [to, setTo] = useState(numbers[numbers.length - 1]!);
  const [showAll, setShowAll] = useState(false);
  const diff = useQuery(planDiffQueryOptions(tenantId, planId, from, to));
  const fields = diff.data?.fields.filter((f) => showAll || f.change !== 'unchanged') ?? [];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`}>Compare version</Label>
          <NativeSelect id={`${id}-from`} value={from} onChange={(e) => setFrom(Number(e.target.value))}>
            {numbers.map((n) => (
              <option key={n} value={n}>
                Version {n}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-to`}>with version</Label>
          <NativeSelect id={`${id}-to`} value={to} onChange={(e) => setTo(Number(e.target.value))}>
            {numbers.map((n) => (
              <option key={n} value={n}>
                Version {n}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex items-center gap-2 pb-2">
          <Switch id={`${id}-all`} checked={showAll} onCheckedChange={setShowAll} />
          <Label htmlFor={`${id}-all`}>Show unchanged fields</Label>
        </div>
      </div>
      {diff.isPending ? (
        <LoadingStatus>Comparing versions...</LoadingStatus>
      ) : diff.isError ? (
        <LoadError
          title="Could not compare the versions"
          error={diff.error}
          onRetry={() => void diff.refetch()}
        />
      ) : (
        <>
          <p className="text-muted-foreground text-sm" role="status">
            {diff.data.changedCount === 0
              ? `Version ${from} and version ${to} are the same.`
              : `${diff.data.changedCount} ${diff.data.changedCount === 1 ? 'field differs' : 'fields differ'} between version ${from} and version ${to}.`}
          </p>
          {fields.length > 0 ? (
            <div className="overflow-x-auto">
              <table
                className="w-full table-fixed text-sm"
                aria-label={`Version ${from} compared with version ${to}`}
              >
                <thead className="text-left text-muted-foreground">
                  <tr>
                    <th className="w-1/5 py-2 pr-3 font-medium">Field</th>
                    <th className="py-2 pr-3 font-medium">Version {from}</th>
                    <th className="py-2 font-medium">Version {to}</th>
                  </tr>
                </thead>
                <tbody>
                  {fields.map((field) => (
                    <tr key={field.fieldId} className="border-t align-top" data-testid="bsp-diff-row">
                      <th scope="row" className="py-2 pr-3 text-left font-medium">
                        {field.label}
                        {field.change !== 'unchanged' ? (
                          <Badge variant="outline" className="ml-2">
                            {changeLabels[field.change]}
                          </Badge>
                        ) : null}
                      </th>
                      <td className="break-words py-2 pr-3">
                        <Side diff={field} side="before" />
                      </td>
                      <td className="break-words py-2">
                        <Side diff={field} side="after" />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
