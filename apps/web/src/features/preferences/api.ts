import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type AccessibilityPreferences, isAccessibilityPreferences } from '@wattle/domain/preferences/rules';
import { ApiError, http } from '@/lib/http';
import { toast } from '@/ui/toast';

/** The signed-in user's accessibility preferences, saved on the server per person (not per tenant). */
export const preferenceKeys = {
  accessibility: ['me', 'preferences', 'accessibility'] as const,
};

/** The server's answer, checked: applying a malformed one would break every page's styling. */
function asAccessibilityPreferences(answer: unknown): AccessibilityPreferences {
  if (!isAccessibilityPreferences(answer)) {
    throw new ApiError(200, 'BAD_RESPONSE', 'The server sent an unexpected answer.');
  }
  const { highContrastMode, reducedMotion, fontSize } = answer;
  return { highContrastMode, reducedMotion, fontSize };
}

export function accessibilityPreferencesQueryOptions() {
  return queryOptions({
    queryKey: preferenceKeys.accessibility,
    queryFn: async ({ signal }) =>
      asAccessibilityPreferences(await http<unknown>('/api/me/preferences', { signal, tenantId: null })),
    staleTime: 5 * 60_000,
  });
}

export async function updateAccessibilityPreferences(
  changes: Partial<AccessibilityPreferences>,
): Promise<AccessibilityPreferences> {
  return asAccessibilityPreferences(
    await http<unknown>('/api/me/preferences', { method: 'PATCH', body: changes, tenantId: null }),
  );
}

const updateMutationKey = [...preferenceKeys.accessibility, 'update'] as const;

/**
 * Saves a change as soon as it is made. The change shows at once; if the server refuses it, the
 * changed preferences go back to what they were and a toast says so.
 */
export function useUpdateAccessibilityPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateMutationKey,
    mutationFn: updateAccessibilityPreferences,
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: preferenceKeys.accessibility });
      const before = queryClient.getQueryData<AccessibilityPreferences>(preferenceKeys.accessibility);
      if (before) {
        queryClient.setQueryData<AccessibilityPreferences>(preferenceKeys.accessibility, {
          ...before,
          ...changes,
        });
      }
      // Only the preferences this change touched are put back on failure, so a failed change does
      // not undo another one made meanwhile.
      const previous = before
        ? (Object.fromEntries(
            Object.keys(changes).map((key) => [key, before[key as keyof AccessibilityPreferences]]),
          ) as Partial<AccessibilityPreferences>)
        : undefined;
      return { previous };
    },
    onError: (error, _changes, context) => {
      if (context?.previous) {
        const previous = context.previous;
        queryClient.setQueryData<AccessibilityPreferences>(preferenceKeys.accessibility, (current) =>
          current ? { ...current, ...previous } : current,
        );
      }
      toast.error('Your appearance setting was not saved', { description: error.message });
    },
    onSuccess: (saved, changes) => {
      // The answer holds every preference. While another change is still on its way, only the
      // preferences this one touched are taken from it, so that change does not flicker back.
      const isOnlyChangeInFlight = queryClient.isMutating({ mutationKey: updateMutationKey }) <= 1;
      queryClient.setQueryData<AccessibilityPreferences>(preferenceKeys.accessibility, (current) => {
        if (!current || isOnlyChangeInFlight) return saved;
        const touched = Object.keys(changes) as (keyof AccessibilityPreferences)[];
        return { ...current, ...Object.fromEntries(touched.map((key) => [key, saved[key]])) };
      });
    },
  });
}
