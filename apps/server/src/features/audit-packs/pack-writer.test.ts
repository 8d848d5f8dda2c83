import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PackWriter, safeName } from './pack-writer';
import { readZip } from './read-zip';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wattle-pack-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('PackWriter', () => {
  it('writes buffers and streamed chunks into a ZIP another reader opens, with each size and hash', async () => {
    const file = path.join(dir, 'pack.zip');
    const writer = new PackWriter(file);
    const pdf = Buffer.from('%PDF-1.7 not really');
    await writer.add('plans/Jordan Lee/plan.pdf', pdf, { compress: false });
    await writer.add(
      'registers/incidents.csv',
      (async function* () {
        yield 'Occurred,Category\r\n';
        for (let i = 0; i < 2000; i++) yield `2026-07-${String((i % 28) + 1).padStart(2, '0')},other\r\n`;
      })(),
    );
    // The same name twice keeps both files.
    await writer.add('plans/Jordan Lee/plan.pdf', Buffer.from('second'));
    await writer.close();

    const files = await readZip(await readFile(file));
    expect([...files.keys()]).toEqual([
      'plans/Jordan Lee/plan.pdf',
      'registers/incidents.csv',
      'plans/Jordan Lee/plan (2).pdf',
    ]);
    for (const entry of writer.files) {
      const bytes = files.get(entry.path)!;
      expect(entry.bytes).toBe(bytes.length);
      expect(entry.sha256).toBe(sha256(bytes));
    }
    expect(files.get('plans/Jordan Lee/plan.pdf')).toEqual(pdf);
    expect(files.get('registers/incidents.csv')!.toString().split('\r\n')).toHaveLength(2002);
  });
});

describe('safeName', () => {
  it('keeps a name readable but never a path', () => {
    expect(safeName('../../etc/passwd')).toBe('etc passwd');
    expect(safeName('Jordan: plan? v2')).toBe('Jordan plan v2');
    expect(safeName('   ')).toBe('untitled');
  });
});
