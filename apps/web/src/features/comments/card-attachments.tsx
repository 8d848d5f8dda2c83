import { useQuery } from '@tanstack/react-query';
import type { CardFile } from '@wattle/domain/files/schemas';
import { FileTextIcon } from 'lucide-react';
import { formatFullTime } from '@/features/inbox/relative-time';
import { cardFilesQueryOptions, fileDownloadUrl } from './api';

const sizeFormat = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });

/** 2.4 MB, 180 KB, 512 bytes. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1_048_576) return `${sizeFormat.format(bytes / 1_048_576)} MB`;
  if (bytes >= 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

function AttachmentRow({ tenantId, file }: { tenantId: string; file: CardFile }) {
  const at = new Date(file.uploadedAt);
  return (
    <li className="flex min-w-0 items-center gap-2 py-1.5 text-sm" data-testid="attachment">
      <FileTextIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      {file.virusScanStatus === 'pending' ? (
        // Not downloadable until the virus scanner has passed it (the server answers 423 until then).
        <span className="min-w-0 truncate">
          {file.name} <span className="text-muted-foreground text-xs">(being checked for viruses)</span>
        </span>
      ) : (
        <a
          href={fileDownloadUrl(file.url, tenantId)}
          download={file.name}
          className="min-w-0 truncate text-primary underline-offset-4 hover:underline"
        >
          {file.name}
        </a>
      )}
      <span className="shrink-0 text-muted-foreground text-xs">
        {file.type.toUpperCase()} · {formatFileSize(file.size)}
        {file.uploadedByName ? ` · ${file.uploadedByName}` : ''} ·{' '}
        <time dateTime={file.uploadedAt}>{formatFullTime(at)}</time>
      </span>
    </li>
  );
}

/**
 * The files attached to the card, newest last, each a download link. Hidden while there are none
 * (or they cannot be listed): the thread's system comments announce each upload as well.
 */
export function CardAttachments({ tenantId, cardId }: { tenantId: string; cardId: string }) {
  const files = useQuery(cardFilesQueryOptions(tenantId, cardId));
  if (!files.data || files.data.length === 0) return null;
  return (
    <div className="grid gap-1 rounded-lg border px-3 py-2" data-testid="attachments">
      <h3 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">
        Attachments ({files.data.length})
      </h3>
      <ul className="divide-y">
        {files.data.map((file) => (
          <AttachmentRow key={file.id} tenantId={tenantId} file={file} />
        ))}
      </ul>
    </div>
  );
}
