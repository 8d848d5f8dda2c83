#!/usr/bin/env node
// Where the time of a Chromium Performance trace went, on the page's main thread, as text: the
// tasks over a frame (16 ms) in order, the self time by kind of work (script, style, layout, paint,
// parsing, garbage collection…), and the JavaScript functions with the most self time (from the
// trace's CPU samples). For traces saved by `bench-web.mjs --trace DIR`; any trace DevTools saves
// reads the same way.
//
//   node scripts/lib/trace-summary.mjs TRACE.json [--top 25]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({
  options: { top: { type: 'string', default: '25' } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  process.stderr.write('usage: node scripts/lib/trace-summary.mjs TRACE.json [--top 25]\n');
  process.exit(2);
}
const top = Number(args.top);
const trace = JSON.parse(readFileSync(positionals[0], 'utf8'));
const events = Array.isArray(trace) ? trace : trace.traceEvents;

// The page's main thread: the renderer thread named CrRendererMain with the most work.
const mainThreads = events.filter(
  (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
);
const busiest = new Map();
for (const event of events) {
  if (event.ph !== 'X' || !event.dur) continue;
  if (!mainThreads.some((thread) => thread.pid === event.pid && thread.tid === event.tid)) continue;
  const key = `${event.pid}:${event.tid}`;
  busiest.set(key, (busiest.get(key) ?? 0) + event.dur);
}
const [mainKey] = [...busiest.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
if (!mainKey) throw new Error('no renderer main thread in this trace');
const onMain = (event) => `${event.pid}:${event.tid}` === mainKey;

const complete = events
  .filter((event) => onMain(event) && event.ph === 'X' && event.dur > 0)
  .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
const start = complete[0]?.ts ?? 0;
const ms = (us) => (us / 1000).toFixed(1);

// Tasks: the outermost events (RunTask and the like), each with what it mostly did.
const tasks = [];
let openUntil = -1;
for (const event of complete) {
  if (event.ts >= openUntil) {
    tasks.push({ event, children: [] });
    openUntil = event.ts + event.dur;
  } else tasks.at(-1).children.push(event);
}

// Self time per kind of work: an event's duration less its direct children's.
const selfByName = new Map();
const stack = [];
for (const event of complete) {
  while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= event.ts) stack.pop();
  const parent = stack.at(-1);
  if (parent) selfByName.set(parent.name, (selfByName.get(parent.name) ?? 0) - event.dur);
  selfByName.set(event.name, (selfByName.get(event.name) ?? 0) + event.dur);
  stack.push(event);
}

const describe = (task) => {
  const kinds = new Map();
  for (const child of task.children) kinds.set(child.name, (kinds.get(child.name) ?? 0) + child.dur);
  const url = task.children.find((child) => child.args?.data?.url)?.args.data.url ?? '';
  const main = [...kinds.entries()]
    .filter(([name]) => !/^(RunTask|ThreadControllerImpl::RunTask)$/.test(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, dur]) => `${name} ${ms(dur)}`)
    .join(', ');
  return `${main}${url ? ` (${url.replace(/^https?:\/\/[^/]+/, '')})` : ''}`;
};

console.log(`Tasks over 16 ms on the main thread (ms from the trace's first event):`);
for (const task of tasks.filter((candidate) => candidate.event.dur > 16_000)) {
  console.log(
    `  at ${ms(task.event.ts - start).padStart(8)}  ${ms(task.event.dur).padStart(7)} ms  ${describe(task)}`,
  );
}
const busy = tasks.reduce((sum, task) => sum + task.event.dur, 0);
console.log(`  main thread busy ${ms(busy)} ms in ${tasks.length} tasks`);

console.log(`\nSelf time by kind of work (top ${top}):`);
for (const [name, dur] of [...selfByName.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${ms(dur).padStart(8)} ms  ${name}`);
}

// JavaScript self time by function, from the sampling profiler's chunks of the main thread's
// process (the profiler writes them from a thread of its own).
const mainPid = Number(mainKey.split(':')[0]);
const nodes = new Map();
const selfByFunction = new Map();
for (const event of events) {
  if (event.name !== 'ProfileChunk' || event.pid !== mainPid) continue;
  const data = event.args?.data ?? {};
  for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
  const samples = data.cpuProfile?.samples ?? [];
  const deltas = data.timeDeltas ?? [];
  samples.forEach((id, i) => {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url ? frame.url.split('/').pop() : '';
    const key = `${frame.functionName || '(anonymous)'} ${file}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0));
  });
}
if (selfByFunction.size) {
  console.log(`\nJavaScript self time by function (CPU samples, top ${top}):`);
  for (const [name, dur] of [...selfByFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${ms(dur).padStart(8)} ms  ${name}`);
  }
}
