import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/http';

const maxRetries = 3;
const maxRetryDelayMs = 30_000;

/** A 4xx answer will not change by asking again; network errors and 5xx might. */
function isWorthRetrying(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Server state (DESIGN.md section 6): unused entries kept 5 minutes, 3 retries, back-off capped at 30 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60_000,
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < maxRetries && isWorthRetrying(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, maxRetryDelayMs),
      },
      mutations: { retry: false },
    },
  });
}
