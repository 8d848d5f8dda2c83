import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, UpdateMe } from '@wattle/domain/users/schemas';
import { authKeys } from '@/features/auth/api';
import { http } from '@/lib/http';

/** `PATCH /api/me`: the person's own name and time zone; the answer replaces the cached `me`. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMe) => http<Me>('/api/me', { method: 'PATCH', body, tenantId: null }),
    onSuccess: (me) => queryClient.setQueryData(authKeys.me, me),
  });
}
