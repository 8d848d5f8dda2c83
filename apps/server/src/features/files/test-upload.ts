import { randomUUID } from 'node:crypto';
import type { TestClient } from '../../../test/harness';

/** A multipart/form-data body: fields first, then the file part. */
export function multipartBody(file: { name: string; bytes: Buffer }, fields: Record<string, string> = {}) {
  const boundary = `----wattle${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads a file to a card as the client, the way the card page does. */
export function uploadTo(
  client: TestClient,
  cardId: string,
  file: { name: string; bytes: Buffer },
  fields: Record<string, string> = {},
) {
  const body = multipartBody(file, fields);
  return client.request({
    method: 'POST',
    url: `/api/cards/${cardId}/files`,
    payload: body.payload,
    headers: body.headers,
  });
}
