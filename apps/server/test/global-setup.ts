import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createTemplate, dropTemplate } from './database';

export async function setup() {
  process.env.WATTLE_TEST_RUN_ID ??= `${Date.now().toString(36)}${process.pid}`;
  mkdirSync(path.resolve(import.meta.dirname, '../../../.tmp'), { recursive: true });
  await createTemplate();
}

export async function teardown() {
  await dropTemplate();
}
