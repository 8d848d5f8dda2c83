import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { virusScanStatuses } from '@wattle/domain/files/constants';
import type { StoredFile } from '@wattle/domain/files/file-list';
import { DownloadIcon, EyeIcon, FolderIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useDebouncedValue } from '@/features/search/use-debounced-value';
import { teamsQueryOptions } from '@/features/teams/api';
import { useCurrentTenant } from '@/features/tenants/api';
import { useTenantClock } from '@/features/time/use-tenant-clock';
import { cn } from '@/lib/cn';
import { formatMoment, formatMomentDay } from '@/lib/org-dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useDialogReturnFocus } from '@/ui/dialog-return-focus';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { toast } from '@/ui/toast';
import { useViewport } from '@/ui/use-viewport';
import {
  type StoredFileFilters,
  storedFilesInfiniteQueryOptions,
  storedFileUrl,
  useDeleteStoredFile,
} from './api';
import { categoryLabel, formatFileSize, isDownloadable, isPreviewable, scanLabel } from './file-format';
import { FilePreviewDialog } from './file-preview-dialog';

/** Every row is this tall, so the virtualiser knows where each one is without measuring. */
const rowHeight = 52;
const mobileRowHeight = 72;
/** Ask for the next page while this many loaded rows are still below the last one in sight. */
const fetchAheadRows = 30;
/** The search box waits this long after the last key (spec work section 5: 300 ms). */
const searchDebounceMs = 300;

interface Column {
  id: string;
  label: string;
  width: string;
  cell: (file: StoredFile, timeZone: string | undefined) => ReactNode;
}

const columns: Column[] = [
  {
    id: 'card',
    label: 'Card',
    width: '15rem',
    cell: (file) => (
      <Link
        to="/card/$cardId"
        params={{ cardId: file.card.id }}
        className="truncate underline underline-offset-4 focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        title={`${file.card.workItemId} ${file.card.title}`}
      >
        <span className="font-mono text-xs">{file.card.workItemId}</span> {file.card.title}
      </Link>
    ),
  },
  { id: 'participant', label: 'Participant', width: '10rem', cell: (f) => f.participant?.name ?? '—' },
  { id: 'category', label: 'Category', width: '9.5rem', cell: (f) => categoryLabel(f.category) },
  { id: 'size', label: 'Size', width: '6rem', cell: (f) => formatFileSize(f.size) },
  { id: 'uploadedBy', label: 'Uploaded by', width: '10rem', cell: (f) => f.uploadedByName ?? 'Unknown' },
  { id: 'uploadedAt', label: 'Uploaded', width: '11rem', cell: (f, tz) => formatMoment(f.uploadedAt, tz) },
  {
    id: 'downloads',
    label: 'Downloads',
    width: '6.5rem',
    cell: (f) => f.downloadCount.toLocaleString('en-AU'),
  },
  {
    id: 'lastAccessed',
    label: 'Last accessed',
    width: '11rem',
    cell: (f, tz) => (f.metadata.lastAccessed ? formatMoment(f.metadata.lastAccessed, tz) : 'Never'),
  },
  {
    id: 'deleteAfter',
    label: 'Kept until',
    width: '9.5rem',
    cell: (f, tz) => (
      <span title={f.retention.autoDelete ? 'Deleted automatically then' : 'Kept until an admin deletes it'}>
        {formatMomentDay(f.retention.deleteAfter, tz)}
        {f.retention.autoDelete ? '' : ' (kept)'}
      </span>
    ),
  },
  { id: 'scan', label: 'Scan', width: '7rem', cell: (f) => scanLabel(f.virusScanStatus) },
];

/**
 * /admin/files (issue 17 item 1): every document and attachment of the organisation the person may
 * open, newest first, searched and filtered by the server and fetched a page at a time as the list
 * scrolls (only the rows in sight are in the page). PDFs preview in a dialog; everything downloads;
 * the uploader or a team admin deletes, after a confirmation (decision 0029).
 */
export function FileStoragePage() {
  useDocumentTitle('File Storage');
  const { tenant } = useCurrentTenant();
  const { timeZone } = useTenantClock(tenant.id);
  const viewport = useViewport();
  const isMobile = viewport === 'mobile';
  const filterId = useId();
  const teams = useQuery(teamsQueryOptions(tenant.id));

  const [text, setText] = useState('');
  const q = useDebouncedValue(text, searchDebounceMs).trim() || undefined;
  const [choices, setChoices] = useState<Omit<StoredFileFilters, 'q'>>({});
  const filters: StoredFileFilters = { ...choices, q };
  const isFiltered = Object.values(filters).some((value) => value !== undefined);

  const list = useInfiniteQuery({
    ...storedFilesInfiniteQueryOptions(tenant.id, filters),
    // The rows of the last answer stay while the next search loads: no flash of emptiness.
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;

  const scrollRef = useRef<HTMLDivElement>(null);
  const height = isMobile ? mobileRowHeight : rowHeight;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => height,
    overscan: 12,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of row height re-measures.
  useEffect(() => virtualizer.measure(), [height]);
  const virtualRows = virtualizer.getVirtualItems();
  const lastInSight = virtualRows.at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastInSight >= rows.length - fetchAheadRows) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastInSight, rows.length]);
  // A new search or filter starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger.
  useEffect(() => {
    virtualizer.scrollToOffset(0);
  }, [JSON.stringify(filters)]);

  const [previewing, setPreviewing] = useState<StoredFile | null>(null);
  const [deleting, setDeleting] = useState<StoredFile | null>(null);
  const previewFocus = useDialogReturnFocus();
  const deleteFile = useDeleteStoredFile(tenant.id);

  const shownColumns = isMobile ? [] : columns;
  const gridTemplateColumns = isMobile
    ? 'minmax(0, 1fr) auto'
    : ['18rem', ...shownColumns.map((c) => c.width), '8.5rem'].join(' ');

  function confirmDelete() {
    const file = deleting;
    if (!file) return;
    deleteFile.mutate(file, {
      onSuccess: () => {
        toast.success(`Deleted ${file.name}`);
        setDeleting(null);
      },
      onError: (error) => {
        toast.error(error.message || `Could not delete ${file.name}`);
        setDeleting(null);
      },
    });
  }

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-8 sm:px-6">
      <div>
        <h1 className="font-semibold text-2xl tracking-tight">File Storage</h1>
        <p className="mt-1 max-w-prose text-muted-foreground text-sm">
          Every document and attachment of {tenant.name} you may open, with where it belongs, who uploaded it,
          how often it was downloaded and how long it is kept.
        </p>
      </div>

      <fieldset className="grid min-w-0 grid-cols-2 gap-2 lg:flex lg:flex-wrap lg:items-end">
        <legend className="sr-only">Search and filter files</legend>
        <div className="col-span-2 flex min-w-0 flex-col gap-1 lg:w-72">
          <Label htmlFor={`${filterId}-q`}>Search files</Label>
          <Input
            id={`${filterId}-q`}
            type="search"
            placeholder="File name"
            value={text}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1 lg:w-36">
          <Label htmlFor={`${filterId}-type`}>Type</Label>
          <NativeSelect
            id={`${filterId}-type`}
            value={choices.type ?? ''}
            onChange={(event) =>
              setChoices((c) => ({
                ...c,
                type: (event.target.value || undefined) as StoredFileFilters['type'],
              }))
            }
          >
            <option value="">All types</option>
            <option value="pdf">PDF</option>
            <option value="doc">DOC</option>
            <option value="docx">DOCX</option>
          </NativeSelect>
        </div>
        <div className="flex min-w-0 flex-col gap-1 lg:w-48">
          <Label htmlFor={`${filterId}-category`}>Category</Label>
          <NativeSelect
            id={`${filterId}-category`}
            value={choices.category ?? ''}
            onChange={(event) => setChoices((c) => ({ ...c, category: event.target.value || undefined }))}
          >
            <option value="">All categories</option>
            <option value="attachment">Attachment</option>
            <option value="required-document">Required document</option>
          </NativeSelect>
        </div>
        <div className="flex min-w-0 flex-col gap-1 lg:w-56">
          <Label htmlFor={`${filterId}-team`}>Team</Label>
          <NativeSelect
            id={`${filterId}-team`}
            value={choices.teamId ?? ''}
            onChange={(event) => setChoices((c) => ({ ...c, teamId: event.target.value || undefined }))}
          >
            <option value="">All teams</option>
            {(teams.data ?? []).map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex min-w-0 flex-col gap-1 lg:w-40">
          <Label htmlFor={`${filterId}-scan`}>Scan</Label>
          <NativeSelect
            id={`${filterId}-scan`}
            value={choices.scanStatus ?? ''}
            onChange={(event) =>
              setChoices((c) => ({
                ...c,
                scanStatus: (event.target.value || undefined) as StoredFileFilters['scanStatus'],
              }))
            }
          >
            <option value="">Any scan status</option>
            {virusScanStatuses.map((status) => (
              <option key={status} value={status}>
                {scanLabel(status)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="col-span-2 flex h-9 items-center gap-2">
          <Checkbox
            id={`${filterId}-past`}
            checked={choices.pastRetention === true}
            onCheckedChange={(checked) =>
              setChoices((c) => ({ ...c, pastRetention: checked === true ? true : undefined }))
            }
          />
          <Label htmlFor={`${filterId}-past`}>Past retention only</Label>
        </div>
        {isFiltered ? (
          <Button
            variant="ghost"
            size="sm"
            className="h-9 justify-self-start"
            onClick={() => {
              setText('');
              setChoices({});
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </fieldset>

      {list.isPending ? (
        <LoadingStatus>Loading files...</LoadingStatus>
      ) : list.isError && rows.length === 0 ? (
        <LoadError title="Could not load the files" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <p className="text-muted-foreground text-sm" role="status" data-testid="file-count">
            {total === 1 ? '1 file' : `${total.toLocaleString('en-AU')} files`}
            {list.isFetching && !list.isFetchingNextPage ? ' (updating…)' : ''}
          </p>
          {rows.length === 0 ? (
            <EmptyList isFiltered={isFiltered} />
          ) : (
            <div
              ref={scrollRef}
              className="relative max-h-[min(70vh,44rem)] min-w-0 overflow-auto rounded-lg border bg-card"
              data-testid="file-scroll"
            >
              {/* A real table laid out as a grid: the rows sit where the virtualiser puts them. */}
              <table
                aria-label="Files"
                aria-rowcount={total + 1}
                className="grid min-w-full text-sm"
                style={{ width: isMobile ? '100%' : 'max-content' }}
              >
                <thead className="sticky top-0 z-10 grid border-b bg-muted text-left text-muted-foreground text-xs">
                  <tr aria-rowindex={1} className="grid" style={{ gridTemplateColumns }}>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Name
                    </th>
                    {shownColumns.map((column) => (
                      <th key={column.id} scope="col" className="px-3 py-2 font-medium">
                        {column.label}
                      </th>
                    ))}
                    <th scope="col" className="px-3 py-2 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="relative grid" style={{ height: virtualizer.getTotalSize() }}>
                  {virtualRows.map((virtualRow) => {
                    const file = rows[virtualRow.index];
                    if (!file) return null;
                    return (
                      <tr
                        key={file.id}
                        aria-rowindex={virtualRow.index + 2}
                        data-testid="file-row"
                        className="absolute inset-x-0 top-0 grid items-center border-b hover:bg-muted/40"
                        style={{
                          gridTemplateColumns,
                          height,
                          transform: `translateY(${virtualRow.start}px)`,
                        }}
                      >
                        <td className="flex min-w-0 flex-col justify-center px-3">
                          <span className="flex min-w-0 items-center gap-2">
                            <span className="truncate font-medium" title={file.name}>
                              {file.name}
                            </span>
                            {file.isConfidential ? (
                              <Badge variant="outline" className="shrink-0">
                                Confidential
                              </Badge>
                            ) : null}
                          </span>
                          {isMobile ? (
                            <span className="truncate text-muted-foreground text-xs">
                              {file.card.workItemId} · {formatFileSize(file.size)} ·{' '}
                              {formatMomentDay(file.uploadedAt, timeZone)}
                              {file.participant ? ` · ${file.participant.name}` : ''}
                            </span>
                          ) : null}
                        </td>
                        {shownColumns.map((column) => (
                          <td key={column.id} className="flex min-w-0 items-center overflow-hidden px-3">
                            <span className="truncate">{column.cell(file, timeZone)}</span>
                          </td>
                        ))}
                        <td className="flex items-center justify-end gap-1 px-2">
                          <FileActions
                            file={file}
                            tenantId={tenant.id}
                            onPreview={() => {
                              previewFocus.remember();
                              setPreviewing(file);
                            }}
                            onDelete={() => setDeleting(file)}
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              {isFetchingNextPage ? (
                <p className="px-3 py-2 text-muted-foreground text-xs" role="status">
                  Loading more files...
                </p>
              ) : null}
            </div>
          )}
        </>
      )}

      <FilePreviewDialog
        file={previewing}
        tenantId={tenant.id}
        onClose={() => setPreviewing(null)}
        onCloseAutoFocus={previewFocus.onCloseAutoFocus}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete file?'}
        description={
          deleting
            ? `It goes from ${deleting.card.workItemId} and from file storage now, for everyone. Its contents are kept until ${formatMomentDay(deleting.retention.deleteAfter, timeZone)}, as the organisation's records require, then removed.`
            : ''
        }
        cancelLabel="Cancel"
        isBusy={deleteFile.isPending}
        onKeepEditing={() => setDeleting(null)}
        testId="delete-file-dialog"
      >
        <Button variant="destructive" disabled={deleteFile.isPending} onClick={confirmDelete}>
          {deleteFile.isPending ? 'Deleting…' : 'Delete'}
        </Button>
      </ConfirmDialog>
    </div>
  );
}

function FileActions({
  file,
  tenantId,
  onPreview,
  onDelete,
}: {
  file: StoredFile;
  tenantId: string;
  onPreview: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      {isDownloadable(file) && isPreviewable(file) ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Preview ${file.name}`}
          title="Preview"
          onClick={onPreview}
        >
          <EyeIcon aria-hidden="true" />
        </Button>
      ) : null}
      {isDownloadable(file) ? (
        <Button asChild variant="ghost" size="icon">
          <a
            href={storedFileUrl(file, tenantId)}
            download={file.name}
            aria-label={`Download ${file.name}`}
            title="Download"
          >
            <DownloadIcon aria-hidden="true" />
          </a>
        </Button>
      ) : null}
      {file.canDelete ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${file.name}`}
          title="Delete"
          className={cn('text-destructive hover:text-destructive')}
          onClick={onDelete}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      ) : null}
    </>
  );
}

function EmptyList({ isFiltered }: { isFiltered: boolean }) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-10 text-center"
      data-testid="files-empty"
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <FolderIcon className="size-5" aria-hidden="true" />
      </span>
      {isFiltered ? (
        <p className="text-muted-foreground text-sm">No files match these filters.</p>
      ) : (
        <>
          <p className="font-medium">No files yet</p>
          <p className="max-w-prose text-muted-foreground text-sm">
            Documents attached to cards, and the documents their templates require, are listed here.
          </p>
        </>
      )}
    </div>
  );
}
