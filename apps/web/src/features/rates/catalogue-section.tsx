import { useQuery } from '@tanstack/react-query';
import type { CatalogueImportResult } from '@wattle/domain/time/catalogue-schemas';
import { AlertCircleIcon, CheckCircle2Icon, Loader2Icon, UploadIcon } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { formatDate } from '@/features/participants/participant-format';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SectionCard } from '@/ui/section-card';
import { catalogueProblems, cataloguesQueryOptions, useImportCatalogue } from './api';

const importedFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });

/** The file types the importer reads: the NDIA's XLSX, or its sheet saved as CSV. */
const acceptedFiles = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function importedText(result: CatalogueImportResult): string {
  const { catalogue } = result;
  const replaced = result.replacedEarlierImport
    ? ` It replaced the earlier import of ${catalogue.yearLabel}.`
    : '';
  return `${catalogue.itemCount} support items, priced for time from ${formatDate(catalogue.effectiveFrom)}.${replaced}`;
}

/**
 * The tenant's NDIS Support Catalogue (for those who manage rates): the price-guide years imported,
 * the one in force today, and the import of a new file, whose result or refusal (the server's words,
 * with the rows it names) is shown here.
 */
export function CatalogueSection({ tenantId }: { tenantId: string }) {
  const catalogues = useQuery(cataloguesQueryOptions(tenantId));
  const importing = useImportCatalogue(tenantId);
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    importing.mutate(file, {
      onSuccess: () => {
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
      },
    });
  }

  const problems = catalogueProblems(importing.error);

  return (
    <SectionCard
      title="NDIS Support Catalogue"
      description="Support items and their price limits come from the NDIA's Support Catalogue. Import the current file each price-guide year (July to June): the XLSX as published, or its Current Support Items sheet saved as CSV. Earlier years stay for time dated before a new one."
      contentClassName="flex flex-col gap-4"
    >
      {catalogues.isPending ? (
        <LoadingStatus>Loading the catalogue...</LoadingStatus>
      ) : catalogues.isError ? (
        <LoadError
          title="Could not load the catalogue"
          error={catalogues.error}
          onRetry={() => void catalogues.refetch()}
        />
      ) : catalogues.data.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-muted-foreground text-sm">
          No catalogue imported yet. Time codes are chosen from its support items.
        </p>
      ) : (
        // Scrolls sideways on a phone: focusable and named, so the keyboard can scroll it too.
        <section
          className="overflow-x-auto rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring/50"
          aria-label="Imported price-guide years"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
          tabIndex={0}
        >
          <table className="w-full min-w-[36rem] text-sm" data-testid="catalogue-years">
            <caption className="sr-only">Imported price-guide years</caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground text-xs">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Year
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  From
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Items
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  File
                </th>
                <th scope="col" className="py-2 font-medium">
                  Imported
                </th>
              </tr>
            </thead>
            <tbody>
              {catalogues.data.map((catalogue) => (
                <tr key={catalogue.id} className="border-b last:border-0">
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    <span className="flex items-center gap-2">
                      {catalogue.yearLabel}
                      {catalogue.isInForce ? <Badge variant="success">In force</Badge> : null}
                    </span>
                  </th>
                  <td className="py-2 pr-3">{formatDate(catalogue.effectiveFrom)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{catalogue.itemCount}</td>
                  <td className="max-w-48 truncate py-2 pr-3" title={catalogue.sourceFileName}>
                    {catalogue.sourceFileName}
                  </td>
                  <td className="py-2">
                    {importedFormat.format(new Date(catalogue.importedAt))}
                    {catalogue.importedBy ? ` by ${catalogue.importedBy.name}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <form onSubmit={submit} className="flex flex-col gap-2" aria-label="Import a catalogue">
        <Label htmlFor={fileId}>Catalogue file (XLSX or CSV)</Label>
        <div className="flex flex-wrap items-center gap-2">
          <Input
            ref={fileInput}
            id={fileId}
            type="file"
            accept={acceptedFiles}
            className="max-w-sm"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              importing.reset();
            }}
          />
          <Button type="submit" disabled={!file || importing.isPending}>
            {importing.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <UploadIcon aria-hidden="true" />
            )}
            Import catalogue
          </Button>
        </div>
      </form>

      {importing.isSuccess ? (
        <Alert role="status" data-testid="catalogue-imported">
          <CheckCircle2Icon aria-hidden="true" />
          <AlertTitle>Imported the {importing.data.catalogue.yearLabel} catalogue</AlertTitle>
          <AlertDescription>{importedText(importing.data)}</AlertDescription>
        </Alert>
      ) : null}
      {importing.isError ? (
        <Alert variant="destructive" data-testid="catalogue-import-error">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>Nothing was imported</AlertTitle>
          <AlertDescription>
            <p>{importing.error.message}</p>
            {problems.length > 1 ? (
              <ul className="mt-1 list-disc pl-4">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}
    </SectionCard>
  );
}
