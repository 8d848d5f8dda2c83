import { type DocChapter, parseChapter } from './markdown';

/**
 * The documents, read at build time from the repo (docs/handbook/*.md, docs/guides/*.md) with Vite's
 * `?raw` import: the pages show what is committed, and a change to a document ships with the build.
 * Files are ordered by name (01-…, 02-…).
 */
const handbookFiles = import.meta.glob<string>('../../../../../docs/handbook/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const guideFiles = import.meta.glob<string>('../../../../../docs/guides/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

function chapters(files: Record<string, string>): DocChapter[] {
  return Object.keys(files)
    .sort()
    .map((path) => parseChapter(files[path]!, path.split('/').pop()!.replace(/\.md$/, '')));
}

export const handbookChapters: DocChapter[] = chapters(handbookFiles);
export const guideChapters: DocChapter[] = chapters(guideFiles);
