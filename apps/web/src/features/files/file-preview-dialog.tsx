import type { StoredFile } from '@wattle/domain/files/file-list';
import { DownloadIcon } from 'lucide-react';
import { Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog';
import { storedFileUrl } from './api';
import { formatFileSize } from './file-format';

/**
 * Shows a PDF (in the browser's own viewer, from the download address sent inline) or an image in
 * a large dialog, with a download button beside it. Opening it counts as an access, as a download
 * does: the server records both.
 */
export function FilePreviewDialog({
  file,
  tenantId,
  onClose,
  onCloseAutoFocus,
}: {
  file: StoredFile | null;
  tenantId: string;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={file !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent size="large" className="h-[calc(100svh-2rem)]" onCloseAutoFocus={onCloseAutoFocus}>
        {file ? (
          <>
            <DialogHeader>
              <DialogTitle className="break-all pr-6">{file.name}</DialogTitle>
              <DialogDescription>
                {file.card.workItemId} · {file.card.title} · {formatFileSize(file.size)}
              </DialogDescription>
            </DialogHeader>
            <div className="min-h-0 flex-1 overflow-hidden rounded-md border bg-muted">
              {file.contentType.startsWith('image/') ? (
                <img
                  src={storedFileUrl(file, tenantId, { inline: true })}
                  alt={file.description || file.name}
                  className="mx-auto h-full max-w-full object-contain"
                />
              ) : (
                <iframe
                  title={`Preview of ${file.name}`}
                  src={storedFileUrl(file, tenantId, { inline: true })}
                  className="h-full min-h-[60svh] w-full"
                  data-testid="file-preview-frame"
                />
              )}
            </div>
            <div className="flex justify-end">
              <Button asChild variant="outline">
                <a href={storedFileUrl(file, tenantId)} download={file.name}>
                  <DownloadIcon aria-hidden="true" />
                  Download
                </a>
              </Button>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
