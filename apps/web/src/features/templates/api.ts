import type { AiDraft } from '@wattle/domain/cards/ai-draft-schemas';
import type { FormSectionId } from '@wattle/domain/templates/schemas';
import { cardPdfUrl } from '@/features/cards/api';
import { ApiError, http } from '@/lib/http';

/** Drafts one section's fields from the participant's own records (DESIGN.md section 7). */
export function requestAiDraft(tenantId: string, cardId: string, sectionId: FormSectionId): Promise<AiDraft> {
  return http<AiDraft>(`/api/cards/${encodeURIComponent(cardId)}/ai-draft`, {
    method: 'POST',
    body: { sectionId },
    tenantId,
  });
}

function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * Fetches the card's PDF and hands it to the browser as a download (an `<a download>` click on the
 * received file). Fetching first, rather than pointing the link at the address, lets a refusal (the
 * server's 'Compliance required', a lost session) be shown as a message instead of saved as a file.
 */
export async function downloadCardPdf(tenantId: string, cardId: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(cardPdfUrl(tenantId, cardId), {
      credentials: 'same-origin',
      headers: { 'X-Tenant-Id': tenantId, Accept: 'application/pdf' },
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach Wattle. Check your connection and try again.');
  }
  if (!response.ok) {
    let code: ApiError['code'] = `HTTP_${response.status}`;
    let message = response.statusText || 'The PDF could not be made.';
    try {
      const body = (await response.json()) as { error?: { code?: string; message?: string } };
      if (body.error?.code) code = body.error.code as ApiError['code'];
      if (body.error?.message) message = body.error.message;
    } catch {
      // Not JSON: keep the status text.
    }
    throw new ApiError(response.status, code, message);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(response.headers.get('Content-Disposition'), fallbackName);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
