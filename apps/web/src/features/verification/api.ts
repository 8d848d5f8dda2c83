import type { Me } from '@wattle/domain/users/schemas';
import { http } from '@/lib/http';

/** The acknowledgement the button and the server both use, exactly (VerificationSchema). */
export const verificationAcknowledgement = 'I understand';

export function acknowledgeVerification(): Promise<Me> {
  return http<Me>('/api/me/verification', {
    method: 'POST',
    body: { acknowledgement: verificationAcknowledgement },
    tenantId: null,
  });
}
