import yauzl from 'yauzl';

/**
 * For tests and the benchmark: every file of a ZIP with its bytes, read with yauzl (an independent
 * reader, so a test proves the ZIP opens anywhere, not just that the writer agrees with itself).
 */
export async function readZip(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    file.on('error', reject);
    file.on('end', resolve);
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        try {
          for await (const chunk of stream) chunks.push(chunk as Buffer);
        } catch (streamError) {
          return reject(streamError);
        }
        files.set(entry.fileName, Buffer.concat(chunks));
        file.readEntry();
      });
    });
    file.readEntry();
  });
  return files;
}
