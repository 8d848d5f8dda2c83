import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from '@/ui/toast';
import { logout } from './api';
import { forgetUserData } from './session';

/** Ends the session, forgets everything cached for this user and goes to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      await navigate({ to: '/login' });
      forgetUserData(queryClient, { kind: 'signed-out' });
    },
    onError: (error) => {
      toast.error('Could not log out', { description: error.message });
    },
  });
}
