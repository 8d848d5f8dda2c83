/** The server's answers as the app's http client reads them, for tests that stub `fetch`. */

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A list answer's envelope: the items, with the page's meta. */
export function listEnvelope(data: unknown[], limit = 50) {
  return { success: true, data, meta: { total: data.length, limit, offset: 0 } };
}
