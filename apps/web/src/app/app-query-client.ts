import { createQueryClient } from './query-client';

/** The app's one query client: made by the first module to need it (src/start-first-reads.ts). */
export const appQueryClient = createQueryClient();
