import { z } from 'zod';

/** What the whole-app error screen sends so that "Our team has been notified" is true. */
export const ClientErrorReportSchema = z.object({
  errorId: z.string().regex(/^[A-Z0-9-]{6,64}$/),
  name: z.string().max(200),
  message: z.string().max(2000),
  stack: z.string().max(8000).optional(),
  componentStack: z.string().max(8000).optional(),
  url: z.string().max(2000),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;
