import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can } from '@wattle/domain/auth/permissions';
import { deadlineStatusLabels } from '@wattle/domain/deadlines/schemas';
import { formatMinutes, monthLabel, shortDate } from '@wattle/domain/restrictive-practices/rules';
import {
  practiceTypeLabels,
  type Report,
  reportStatusLabels,
  SubmitReportSchema,
} from '@wattle/domain/restrictive-practices/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import { localDateTime } from '@wattle/domain/time/timer';
import { AlertCircleIcon, DownloadIcon, FileCheckIcon, RefreshCwIcon, SendIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { localNow } from '@/features/time/local-now';
import { isApiError } from '@/lib/http';
import { Alert, AlertDescription } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/ui/dialog';
import { FormField, fieldAria } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { NativeSelect } from '@/ui/native-select';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SectionCard } from '@/ui/section-card';
import { toast } from '@/ui/toast';
import {
  generateReport,
  reportFileUrl,
  reportsQueryOptions,
  restrictivePracticeKeys,
  reviewReport,
  submitReport,
} from './api';

/** The months before this one, newest first: the months a report can be generated for. */
function recentMonths(today: string, count: number): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** Monthly reports: generated from the log, reviewed, submitted with the Commission's reference. */
export function ReportsSection({
  tenantId,
  team,
  participantId,
  timeZone,
}: {
  tenantId: string;
  team: Team;
  participantId: string;
  timeZone: string | undefined;
}) {
  const queryClient = useQueryClient();
  const reports = useQuery(reportsQueryOptions(tenantId, participantId));
  const canManage = team.status === 'active' && can(team.myRole, 'manage:restrictive-practices');
  const months = recentMonths(localNow(timeZone).date, 12);
  const [month, setMonth] = useState(months[1] ?? months[0]!);
  const [submitting, setSubmitting] = useState<Report | null>(null);
  const id = useId();

  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: restrictivePracticeKeys.all(tenantId) });
  const failed = (error: Error) => {
    if (isApiError(error, 'CONFLICT')) refresh();
    toast.error('That did not work', { description: error.message });
  };
  const generate = useMutation({
    mutationFn: (m: string) => generateReport(tenantId, participantId, m),
    onSuccess: (report) => {
      toast.success(`${monthLabel(report.month)} report generated from the log`);
      refresh();
    },
    onError: failed,
  });
  const review = useMutation({
    mutationFn: (report: Report) => reviewReport(tenantId, report),
    onSuccess: (report) => {
      toast.success(`${monthLabel(report.month)} report marked reviewed`);
      refresh();
    },
    onError: failed,
  });
  const when = (iso: string | null) =>
    iso ? shortDate(timeZone ? localDateTime(new Date(iso), timeZone).date : iso.slice(0, 10)) : '';

  return (
    <SectionCard
      title="Monthly reports"
      description="Each month's report to the NDIS Quality and Safeguards Commission, made from the log. Review it, submit it on the Commission's portal, then record the reference it gave."
    >
      <div className="flex flex-col gap-3" data-testid="rp-reports">
        {canManage ? (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              generate.mutate(month);
            }}
          >
            <FormField id={`${id}-month`} label="Month">
              <NativeSelect id={`${id}-month`} value={month} onChange={(e) => setMonth(e.target.value)}>
                {months.map((m) => (
                  <option key={m} value={m}>
                    {monthLabel(m)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <Button type="submit" size="sm" variant="outline" disabled={generate.isPending}>
              <RefreshCwIcon aria-hidden="true" />
              Generate report
            </Button>
          </form>
        ) : null}
        {reports.isPending ? (
          <LoadingStatus>Loading the reports...</LoadingStatus>
        ) : reports.isError ? (
          <LoadError
            title="The reports could not be loaded"
            error={reports.error}
            onRetry={() => void reports.refetch()}
          />
        ) : reports.data.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
            No monthly report yet. A month's report is drafted as soon as a use in it is logged.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {reports.data.map((report) => (
              <li
                key={report.id}
                className="flex flex-col gap-2 rounded-lg border p-4"
                data-testid="rp-report"
                aria-label={`${monthLabel(report.month)} report`}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-medium">{monthLabel(report.month)}</h3>
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={report.status === 'submitted' ? 'success' : 'secondary'}>
                      {reportStatusLabels[report.status]}
                    </Badge>
                    {report.deadline ? (
                      <Badge
                        variant="outline"
                        className={
                          report.deadline.status === 'overdue' ? 'border-red-300 text-red-800' : undefined
                        }
                      >
                        {report.deadline.metAt
                          ? `Met ${when(report.deadline.metAt)}`
                          : `${deadlineStatusLabels[report.deadline.status]}: due ${when(report.deadline.dueAt)}`}
                      </Badge>
                    ) : null}
                  </div>
                </div>
                <p className="text-sm">
                  {report.useCount} {report.useCount === 1 ? 'use' : 'uses'}, {report.unauthorisedCount}{' '}
                  unauthorised, {formatMinutes(report.totalMinutes)} in all.
                  {report.byPractice.length > 0
                    ? ` ${report.byPractice
                        .map((p) => `${practiceTypeLabels[p.practiceType]}: ${p.useCount}`)
                        .join('; ')}.`
                    : ''}
                </p>
                <p className="text-muted-foreground text-xs">
                  Generated {when(report.generatedAt)}
                  {report.reviewedBy
                    ? ` · Reviewed by ${report.reviewedBy.name} ${when(report.reviewedAt)}`
                    : ''}
                  {report.submittedBy
                    ? ` · Submitted by ${report.submittedBy.name} ${when(report.submittedAt)}, Commission reference ${report.commissionReference}`
                    : ''}
                </p>
                <div className="flex flex-wrap gap-2">
                  {report.allowedActions.includes('generate') ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={generate.isPending}
                      onClick={() => generate.mutate(report.month)}
                    >
                      <RefreshCwIcon aria-hidden="true" />
                      Refresh from the log
                    </Button>
                  ) : null}
                  {report.allowedActions.includes('review') ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={review.isPending}
                      onClick={() => review.mutate(report)}
                    >
                      <FileCheckIcon aria-hidden="true" />
                      Mark reviewed
                    </Button>
                  ) : null}
                  {report.allowedActions.includes('submit') ? (
                    <Button size="sm" onClick={() => setSubmitting(report)}>
                      <SendIcon aria-hidden="true" />
                      Mark submitted
                    </Button>
                  ) : null}
                  <Button asChild size="sm" variant="ghost">
                    <a href={reportFileUrl(tenantId, report.id, 'csv')} download>
                      <DownloadIcon aria-hidden="true" />
                      CSV
                    </a>
                  </Button>
                  <Button asChild size="sm" variant="ghost">
                    <a href={reportFileUrl(tenantId, report.id, 'pdf')} download>
                      <DownloadIcon aria-hidden="true" />
                      PDF
                    </a>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {submitting ? (
        <SubmitDialog
          tenantId={tenantId}
          report={submitting}
          onClose={() => setSubmitting(null)}
          onSubmitted={() => {
            setSubmitting(null);
            refresh();
          }}
        />
      ) : null}
    </SectionCard>
  );
}

function SubmitDialog({
  tenantId,
  report,
  onClose,
  onSubmitted,
}: {
  tenantId: string;
  report: Report;
  onClose: () => void;
  onSubmitted: () => void;
}) {
  const id = useId();
  const [reference, setReference] = useState('');
  const [issue, setIssue] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (commissionReference: string) => submitReport(tenantId, report, commissionReference),
    onSuccess: (saved) => {
      toast.success(`${monthLabel(saved.month)} report marked submitted`);
      onSubmitted();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SubmitReportSchema.safeParse({ commissionReference: reference });
    if (!parsed.success) {
      setIssue(parsed.error.issues[0]?.message ?? 'Enter the reference');
      return;
    }
    setIssue(null);
    save.mutate(parsed.data.commissionReference);
  };
  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen || save.isPending ? undefined : onClose())}>
      <DialogContent size="small">
        <DialogHeader>
          <DialogTitle>Mark the {monthLabel(report.month)} report submitted</DialogTitle>
          <DialogDescription>
            Once it is submitted on the Commission's portal, record the reference it gave. The report is then
            frozen.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <FormField id={id} label="Commission reference" isRequired error={issue ?? undefined}>
            <Input
              id={id}
              value={reference}
              maxLength={100}
              autoFocus
              onChange={(e) => setReference(e.target.value)}
              {...fieldAria(id, { error: issue ?? undefined, isRequired: true })}
            />
          </FormField>
          {save.error ? (
            <Alert variant="destructive">
              <AlertCircleIcon aria-hidden="true" />
              <AlertDescription>{save.error.message}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Mark submitted
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
