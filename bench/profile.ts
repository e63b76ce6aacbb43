/**
 * `npm run bench:profile`: where the main thread's time goes while the signed-in /op (or /login/op)
 * loads, with the CPU slowed 4× as Lighthouse's mobile preset does. A V8 CPU profile is taken over the
 * load and its self time is summed by source file and by function, mapped back through the build's
 * source maps (the build is made with them into dist-profile/, which nothing else serves).
 *
 *   PROFILE_PAGE=/op|/login/op  PROFILE_RUNS=n (medians)  PROFILE_TOP=n (rows)
 *   PROFILE_RATE=n (CPU slowdown, 4)  PROFILE_WIDTH=px (viewport width, 412 as Lighthouse's phone)
 *   PROFILE_UNDER=<function> (also: the inclusive time of each function it calls directly, e.g. ResourceList)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type CDPSession, type Page } from 'puppeteer-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { CHROMIUM_ARGS } from '../playwright.config';
import { median, signIn } from './browser';
import { ROOT, startServer } from '../tests/e2e/support/server';
import { testChromium } from '../scripts/test-chromium.mjs';

// The same Chromium as the end-to-end tests (scripts/test-chromium.mjs).
const BROWSER = await testChromium();
const CHROME = BROWSER.executablePath;
const PAGE = process.env.PROFILE_PAGE ?? '/op';
const RUNS = Math.max(1, Number(process.env.PROFILE_RUNS ?? 3));
const TOP = Number(process.env.PROFILE_TOP ?? 40);
const OUT = join(ROOT, 'dist-profile');
const RATE = Number(process.env.PROFILE_RATE ?? 4);
const WIDTH = Number(process.env.PROFILE_WIDTH ?? 412);
const UNDER = process.env.PROFILE_UNDER;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMapConsumer | null>();
function consumer(url: string): SourceMapConsumer | null {
  const file = url.replace(/^https?:\/\/[^/]+\//, '').split('?')[0];
  if (!maps.has(file)) {
    const path = join(OUT, `${file}.map`);
    maps.set(file, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8')) as RawSourceMap) : null);
  }
  return maps.get(file) ?? null;
}

/** A source path shortened to its package (node_modules/x or @scope/x) or its project file. */
function owner(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 13).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  return source.replace(/^(\.\.\/)+/, '');
}

function attribute(frame: ProfileNode['callFrame']): { file: string; fn: string } {
  if (!frame.url) return { file: `(${frame.functionName || 'native'})`, fn: frame.functionName || '(native)' };
  const map = consumer(frame.url);
  if (!map || frame.lineNumber < 0) return { file: frame.url.replace(/^https?:\/\/[^/]+/, ''), fn: frame.functionName || '(anonymous)' };
  const pos = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = pos.source ?? frame.url;
  return { file: owner(source), fn: `${pos.name ?? frame.functionName ?? '(anonymous)'} ${source.split('node_modules/').pop()}:${pos.line}` };
}

/** The samples of the stretch without idle time that runs the most JavaScript: the longest task, roughly. */
function longestTask(profile: Profile): { samples: number[]; timeDeltas: number[]; ms: number } {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const native = new Set(profile.nodes.filter((n) => !n.callFrame.url).map((n) => n.id));
  let best = { start: 0, end: 0, us: 0 };
  let start = 0;
  let us = 0;
  // PROFILE_STRETCH=first: the first stretch with 20 ms of JavaScript (the modules' evaluation), not the longest.
  const firstOnly = process.env.PROFILE_STRETCH === 'first';
  profile.samples.forEach((id, i) => {
    if (firstOnly && best.us >= 20_000 && best.end < i) return;
    if (idle.has(id)) {
      start = i + 1;
      us = 0;
      return;
    }
    if (!native.has(id)) us += profile.timeDeltas[i] ?? 0;
    if (us > best.us) best = { start, end: i + 1, us };
  });
  return { samples: profile.samples.slice(best.start, best.end), timeDeltas: profile.timeDeltas.slice(best.start, best.end), ms: best.us / 1000 };
}

/** The profile's call tree: each node's parent and the nodes by id. */
function tree(profile: Profile) {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  return { parent, byId: new Map(profile.nodes.map((n) => [n.id, n])) };
}

/** The functions on a sample's stack, innermost first (frames without a script skipped), mapped through source maps. */
function stackOf(profile: Profile): (sample: number) => string[] {
  const { parent, byId } = tree(profile);
  return (sample) => {
    const fns: string[] = [];
    for (let cur: number | undefined = sample; cur !== undefined; cur = parent.get(cur)) {
      const frame = byId.get(cur)!.callFrame;
      if (frame.url) fns.push(attribute(frame).fn);
    }
    return fns;
  };
}

/** Time by the innermost project frame (src/...) on each sample's stack: which of our components or modules cost it. */
function byProjectFrame(profile: Profile, samples: number[], timeDeltas: number[]): Map<string, number> {
  const stack = stackOf(profile);
  const out = new Map<string, number>();
  samples.forEach((id, i) => {
    const label = stack(id).find((fn) => !fn.includes('node_modules') && !fn.includes('http')) ?? '(no project frame)';
    out.set(label, (out.get(label) ?? 0) + (timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}

/** Inclusive time of each function called directly by a frame named `fn` (its hooks, for a component). */
function callees(profile: Profile, fn: string): Map<string, number> {
  const stack = stackOf(profile);
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frames = stack(id);
    const at = frames.findIndex((f) => f.split(' ')[0] === fn);
    if (at < 0) return;
    const label = at === 0 ? '(self)' : frames[at - 1];
    out.set(label, (out.get(label) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}

/**
 * Time by React component (the function renderWithHooks called) or effect (the function React's
 * commit called), over the whole load: which components cost the render, which effects the commit.
 */
function byComponent(profile: Profile): Map<string, number> {
  const { parent, byId } = tree(profile);
  const REACT_CALLERS = new Map([
    ['renderWithHooks', 'render'],
    ['renderWithHooksAgain', 'render'],
    ['commitHookEffectListMount', 'effect'],
    ['commitHookEffectListUnmount', 'cleanup'],
    ['updateClassComponent', 'class'],
    ['finishClassComponent', 'class'],
  ]);
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    let label: string | undefined;
    // innermost frame whose caller is one of React's
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const up = parent.get(cur);
      if (up === undefined) break;
      const caller = byId.get(up)!.callFrame;
      if (!caller.url) continue;
      const kind = REACT_CALLERS.get(attribute(caller).fn.split(' ')[0]);
      if (kind) {
        label = `${kind} ${attribute(byId.get(cur)!.callFrame).fn}`;
        break;
      }
    }
    if (label) out.set(label, (out.get(label) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}

/** Inclusive time of every function on the stacks of the given samples (each counted once per sample). */
function inclusive(profile: Profile, samples: number[], timeDeltas: number[]): Map<string, number> {
  const stack = stackOf(profile);
  const out = new Map<string, number>();
  samples.forEach((id, i) => {
    for (const fn of new Set(stack(id))) out.set(fn, (out.get(fn) ?? 0) + (timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}

function selfTimes(
  profile: Profile,
  only?: { samples: number[]; timeDeltas: number[] },
): { byFile: Map<string, number>; byFn: Map<string, number>; total: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const samples = only?.samples ?? profile.samples;
  const deltas = only?.timeDeltas ?? profile.timeDeltas;
  samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0)));
  const byFile = new Map<string, number>();
  const byFn = new Map<string, number>();
  let total = 0;
  for (const [id, micros] of self) {
    const { file, fn } = attribute(byId.get(id)!.callFrame);
    if (file === '(idle)' || file === '(program)') continue;
    const ms = micros / 1000;
    total += ms;
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    byFn.set(fn, (byFn.get(fn) ?? 0) + ms);
  }
  return { byFile, byFn, total };
}

async function profileLoad(page: Page, cdp: CDPSession, url: string): Promise<Profile> {
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: Number(process.env.PROFILE_INTERVAL_US ?? 200) });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'networkidle0' });
  await new Promise((r) => setTimeout(r, 1500));
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return profile;
}

function printTop(title: string, runs: Map<string, number>[], top: number): void {
  const keys = new Set(runs.flatMap((m) => [...m.keys()]));
  const rows = [...keys]
    .map((k) => [k, median(runs.map((m) => m.get(k) ?? 0))] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, top);
  console.log(`\n${title} (median self ms at ${RATE}× CPU)`);
  for (const [k, ms] of rows) console.log(`${ms.toFixed(0).padStart(7)}  ${k}`);
}

async function main(): Promise<void> {
  if (!existsSync(join(OUT, '.vite/manifest.json')) || process.env.PROFILE_BUILD === '1') {
    execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--sourcemap', '--outDir', OUT, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: ROOT, stdio: 'inherit' },
    );
  }
  const server = await startServer('bench-profile', { env: { STATIC_DIR: OUT } });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [...CHROMIUM_ARGS, ...BROWSER.args],
    envVars: { ...process.env, ...BROWSER.env },
  });
  const files: Map<string, number>[] = [];
  const fns: Map<string, number>[] = [];
  const totals: number[] = [];
  const longFns: Map<string, number>[] = [];
  const longProject: Map<string, number>[] = [];
  const longInclusive: Map<string, number>[] = [];
  const projectInclusive: Map<string, number>[] = [];
  const components: Map<string, number>[] = [];
  const longMs: number[] = [];
  const under: Map<string, number>[] = [];
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: { width: WIDTH, height: 823 } });
    for (let run = 0; run < RUNS; run++) {
      const page = await browser.newPage();
      if (PAGE !== '/login/op') await signIn(page, server.url);
      const cdp = await page.createCDPSession();
      const profile = await profileLoad(page, cdp, `${server.url}${PAGE}`);
      const { byFile, byFn, total } = selfTimes(profile);
      files.push(byFile);
      fns.push(byFn);
      totals.push(total);
      const longest = longestTask(profile);
      longMs.push(longest.ms);
      longFns.push(selfTimes(profile, longest).byFn);
      longProject.push(byProjectFrame(profile, longest.samples, longest.timeDeltas));
      longInclusive.push(inclusive(profile, longest.samples, longest.timeDeltas));
      components.push(byComponent(profile));
      if (UNDER) under.push(callees(profile, UNDER));
      const whole = inclusive(profile, profile.samples, profile.timeDeltas);
      projectInclusive.push(new Map([...whole].filter(([fn]) => fn.includes(' ../../src/'))));
      await cdp.detach();
      await page.close();
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
    await server.stop();
  }
  console.log(`${PAGE}: ${RUNS} runs, busy main-thread JS (median) ${median(totals).toFixed(0)} ms at ${RATE}× CPU`);
  printTop('by package or file', files, TOP);
  printTop('by function', fns, TOP);
  console.log(`\nlongest busy stretch (median) ${median(longMs).toFixed(0)} ms at 4× CPU; each run: ${longMs.map((ms) => ms.toFixed(0)).join(', ')}`);
  printTop('longest stretch, by function', longFns, 25);
  printTop('longest stretch, by innermost project frame', longProject, 25);
  printTop('longest stretch, inclusive', longInclusive, 40);
  printTop('whole load, inclusive, by project function (components and modules)', projectInclusive, TOP);
  printTop('whole load, by React component (render) or effect (commit), innermost', components, TOP);
  if (UNDER) printTop(`whole load, inclusive, called directly by ${UNDER}`, under, TOP);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
