import type { LucideIcon } from 'lucide-react';
import { SearchIcon } from 'lucide-react';
import { type ReactNode, useDeferredValue, useId, useMemo, useState } from 'react';
import { Input } from '@/ui/input';
import { type DocChapter, filterChapters, renderMarkdown, searchWords } from './markdown';

/** Typography for rendered Markdown (the app has no prose plugin): headings, lists, tables, code. */
export const markdownClass =
  'text-sm leading-relaxed [&_a]:font-medium [&_a]:underline [&_a]:underline-offset-2 [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] [&_h4]:mt-4 [&_h4]:font-semibold [&_li]:my-1 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_pre]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_pre]:outline-none [&_pre]:focus-visible:ring-2 [&_pre]:focus-visible:ring-ring [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_table]:my-3 [&_table]:w-full [&_table]:border-collapse [&_table]:text-left [&_td]:border [&_td]:px-2 [&_td]:py-1.5 [&_td]:align-top [&_th]:border [&_th]:bg-muted [&_th]:px-2 [&_th]:py-1.5 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6';

/**
 * A searchable document: a search box that keeps the sections holding every word typed, a contents
 * list of what is shown, and the sections themselves. Used by /handbook and /documentation.
 */
export function DocView({
  title,
  icon: Icon,
  description,
  chapters,
  searchLabel,
  children,
}: {
  title: string;
  icon: LucideIcon;
  description: string;
  chapters: readonly DocChapter[];
  searchLabel: string;
  /** More after the documents (the API reference on /documentation). */
  children?: ReactNode;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const shown = useMemo(() => filterChapters(chapters, deferred), [chapters, deferred]);
  const count = shown.reduce((sum, c) => sum + c.sections.length, 0);
  const isSearching = searchWords(deferred).length > 0;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
          <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
          {title}
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">{description}</p>
      </div>
      <search className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-search`} className="font-medium text-sm">
          {searchLabel}
        </label>
        <div className="relative max-w-xl">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={`${id}-search`}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="For example: reportable incident, approve time"
            className="pl-8"
            aria-describedby={`${id}-count`}
          />
        </div>
        <p id={`${id}-count`} role="status" className="text-muted-foreground text-xs">
          {isSearching
            ? count === 0
              ? 'No sections hold all of those words.'
              : `${count} section${count === 1 ? '' : 's'} hold all of those words.`
            : `${count} sections in ${shown.length} chapters.`}
        </p>
      </search>
      <div className="flex flex-col gap-8 lg:flex-row">
        {shown.length > 0 ? (
          <nav aria-label={`${title} contents`} className="shrink-0 lg:sticky lg:top-4 lg:w-64 lg:self-start">
            <h2 className="mb-2 font-semibold text-muted-foreground text-xs uppercase tracking-wide">
              Contents
            </h2>
            <ol className="flex flex-col gap-2 text-sm">
              {shown.map((chapter) => (
                <li key={chapter.id}>
                  <a href={`#${chapter.sections[0]!.id}`} className="font-medium hover:underline">
                    {chapter.title}
                  </a>
                  <ol className="mt-1 flex flex-col gap-1 border-l pl-3">
                    {chapter.sections
                      .filter((s) => s.title !== chapter.title)
                      .map((section) => (
                        <li key={section.id}>
                          <a
                            href={`#${section.id}`}
                            className="text-muted-foreground hover:text-foreground hover:underline"
                          >
                            {section.title}
                          </a>
                        </li>
                      ))}
                  </ol>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-10">
          {shown.map((chapter) => (
            <article key={chapter.id} aria-labelledby={`${chapter.id}-title`} className="flex flex-col gap-4">
              <h2 id={`${chapter.id}-title`} className="font-semibold text-xl tracking-tight">
                {chapter.title}
              </h2>
              {chapter.sections.map((section) => (
                <section key={section.id} id={section.id} aria-label={section.title} className="scroll-mt-4">
                  {section.title !== chapter.title ? (
                    <h3 className="mb-1 font-semibold text-base">{section.title}</h3>
                  ) : null}
                  <div
                    className={markdownClass}
                    // Sanitised by DOMPurify in renderMarkdown; the Markdown is the repo's own.
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the repo's Markdown
                    dangerouslySetInnerHTML={{ __html: renderMarkdown(section.markdown) }}
                  />
                </section>
              ))}
            </article>
          ))}
        </div>
      </div>
      {children}
    </div>
  );
}
