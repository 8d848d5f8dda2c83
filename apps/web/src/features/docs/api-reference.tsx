import { useQuery } from '@tanstack/react-query';
import { ChevronRightIcon } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { cn } from '@/lib/cn';
import { Input } from '@/ui/input';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import {
  filterOperations,
  groupOperations,
  type JsonSchema,
  type OpenApiDocument,
  type OperationEntry,
  resolveRef,
  typeLabel,
} from './openapi';

const methodStyles: Record<OperationEntry['method'], string> = {
  get: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  post: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  put: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  patch: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100',
  delete: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
};

async function fetchOpenApi(signal: AbortSignal): Promise<OpenApiDocument> {
  const res = await fetch('/api/openapi.json', { signal, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`The server answered ${res.status} for the API document`);
  return (await res.json()) as OpenApiDocument;
}

/**
 * The API reference (/documentation): the server's OpenAPI document, operations grouped by tag, each
 * with its method and path, summary, parameters and request and response schemas. Loaded lazily.
 */
export function ApiReference() {
  const id = useId();
  const doc = useQuery({
    queryKey: ['openapi'],
    queryFn: ({ signal }) => fetchOpenApi(signal),
    staleTime: 10 * 60_000,
  });
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const groups = useMemo(() => (doc.data ? groupOperations(doc.data) : []), [doc.data]);
  const shown = useMemo(() => filterOperations(groups, deferred), [groups, deferred]);
  const count = shown.reduce((sum, g) => sum + g.operations.length, 0);

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 border-t pt-8">
      <div>
        <h2 id={`${id}-title`} className="font-semibold text-xl tracking-tight">
          API reference
        </h2>
        <p className="mt-1 text-muted-foreground text-sm">
          Every operation of the API, from the OpenAPI document the server publishes at{' '}
          <a href="/api/openapi.json" className="font-medium text-foreground underline underline-offset-2">
            /api/openapi.json
          </a>
          .
        </p>
      </div>
      {doc.isPending ? (
        <LoadingStatus>Loading the API reference...</LoadingStatus>
      ) : doc.isError ? (
        <LoadError
          title="Could not load the API reference"
          error={doc.error}
          onRetry={() => void doc.refetch()}
        />
      ) : (
        <>
          <search className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-filter`} className="font-medium text-sm">
              Filter operations
            </label>
            <Input
              id={`${id}-filter`}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="For example: invoices, post cards, notifications"
              className="max-w-xl"
              aria-describedby={`${id}-count`}
            />
            <p id={`${id}-count`} role="status" className="text-muted-foreground text-xs">
              {count === 0
                ? 'No operations hold all of those words.'
                : `${count} operation${count === 1 ? '' : 's'} in ${shown.length} group${shown.length === 1 ? '' : 's'}.`}
            </p>
          </search>
          {shown.map((group) => (
            <section
              key={group.tag}
              aria-labelledby={`${id}-tag-${group.tag}`}
              className="flex flex-col gap-2"
            >
              <h3 id={`${id}-tag-${group.tag}`} className="font-semibold text-base capitalize">
                {group.tag.replaceAll('-', ' ')}{' '}
                <span className="font-normal text-muted-foreground text-sm">({group.operations.length})</span>
              </h3>
              <ul className="flex flex-col gap-2">
                {group.operations.map((op) => (
                  <li key={op.id}>
                    <OperationView doc={doc.data} entry={op} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </section>
  );
}

function MethodBadge({ method }: { method: OperationEntry['method'] }) {
  return (
    <span
      className={cn(
        'inline-block w-16 shrink-0 rounded px-1.5 py-0.5 text-center font-mono font-semibold text-xs uppercase',
        methodStyles[method],
      )}
    >
      {method}
    </span>
  );
}

/** One operation, folded to its method, path and summary; open for the details. */
function OperationView({ doc, entry }: { doc: OpenApiDocument; entry: OperationEntry }) {
  const { operation } = entry;
  const summary = operation.summary ?? firstSentence(operation.description);
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const parameters = operation.parameters ?? [];
  return (
    <details className="group rounded-md border bg-card" id={entry.id}>
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-2 rounded-md px-3 py-2 outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <ChevronRightIcon
          className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90"
          aria-hidden="true"
        />
        <MethodBadge method={entry.method} />
        <code className="break-all font-mono text-sm">{entry.path}</code>
        {summary ? (
          <span className="basis-full text-muted-foreground text-xs sm:basis-auto">{summary}</span>
        ) : null}
      </summary>
      <div className="flex flex-col gap-4 border-t px-3 py-3 text-sm">
        {operation.description ? <p className="whitespace-pre-line">{operation.description}</p> : null}
        {parameters.length > 0 ? (
          <div>
            <h4 className="mb-1 font-semibold">Parameters</h4>
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-left text-xs">
                <thead>
                  <tr>
                    <th scope="col" className="border bg-muted px-2 py-1">
                      Name
                    </th>
                    <th scope="col" className="border bg-muted px-2 py-1">
                      In
                    </th>
                    <th scope="col" className="border bg-muted px-2 py-1">
                      Type
                    </th>
                    <th scope="col" className="border bg-muted px-2 py-1">
                      Description
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {parameters.map((p) => (
                    <tr key={`${p.in}-${p.name}`}>
                      <td className="border px-2 py-1 font-mono">
                        {p.name}
                        {p.required ? <span className="text-destructive"> (required)</span> : null}
                      </td>
                      <td className="border px-2 py-1">{p.in}</td>
                      <td className="border px-2 py-1 font-mono">
                        {p.schema ? typeLabel(resolveRef(doc, p.schema)) : ''}
                      </td>
                      <td className="border px-2 py-1">{p.description ?? p.schema?.description ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ) : null}
        {body ? (
          <div>
            <h4 className="mb-1 font-semibold">Request body</h4>
            <SchemaView doc={doc} schema={body} depth={0} />
          </div>
        ) : null}
        {operation.responses ? (
          <div>
            <h4 className="mb-1 font-semibold">Responses</h4>
            <ul className="flex flex-col gap-2">
              {Object.entries(operation.responses).map(([status, response]) => {
                const schema = response.content?.['application/json']?.schema;
                return (
                  <li key={status}>
                    <span className="font-mono font-semibold">{status}</span>
                    {response.description ? (
                      <span className="text-muted-foreground"> {response.description}</span>
                    ) : null}
                    {schema ? <SchemaView doc={doc} schema={schema} depth={0} /> : null}
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
      </div>
    </details>
  );
}

const maxDepth = 6;

/** A schema as a nested list of fields: name, type, whether required, description. */
function SchemaView({
  doc,
  schema: raw,
  depth,
}: {
  doc: OpenApiDocument;
  schema: JsonSchema;
  depth: number;
}) {
  const schema = resolveRef(doc, raw);
  const variants = schema.anyOf ?? schema.oneOf;
  const objectVariants = variants?.map((v) => resolveRef(doc, v)).filter((v) => v.properties);
  if (variants && objectVariants && objectVariants.length > 0 && depth < maxDepth) {
    return (
      <div className="mt-1 flex flex-col gap-1">
        <span className="text-muted-foreground text-xs">One of:</span>
        {variants.map((variant, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: variants have no identity but their place
          <SchemaView key={index} doc={doc} schema={variant} depth={depth + 1} />
        ))}
      </div>
    );
  }
  const items = schema.items ? resolveRef(doc, schema.items) : null;
  const properties = schema.properties ?? items?.properties;
  const required = new Set((schema.properties ? schema.required : items?.required) ?? []);
  if (!properties || depth >= maxDepth) {
    return <code className="mt-1 block font-mono text-xs">{typeLabel(schema)}</code>;
  }
  return (
    <div className="mt-1 rounded border-l-2 pl-3">
      {items ? <span className="text-muted-foreground text-xs">array of:</span> : null}
      <ul className="flex flex-col gap-1">
        {Object.entries(properties).map(([name, prop]) => {
          const resolved = resolveRef(doc, prop);
          const nested =
            resolved.properties ||
            (resolved.items && resolveRef(doc, resolved.items).properties) ||
            (resolved.anyOf ?? resolved.oneOf)?.some((v) => resolveRef(doc, v).properties);
          return (
            <li key={name} className="text-xs">
              <code className="font-mono font-semibold">{name}</code>
              {required.has(name) ? null : <span className="text-muted-foreground"> (optional)</span>}
              {nested ? null : (
                <code className="ml-2 font-mono text-muted-foreground">{typeLabel(resolved)}</code>
              )}
              {resolved.description ? (
                <span className="ml-2 text-muted-foreground">{resolved.description}</span>
              ) : null}
              {nested ? <SchemaView doc={doc} schema={resolved} depth={depth + 1} /> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function firstSentence(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const match = /^(.+?[.:])(\s|$)/.exec(text);
  const sentence = match ? match[1]! : text;
  return sentence.length > 140 ? `${sentence.slice(0, 139)}…` : sentence;
}
