/**
 * Areas register themselves (issue 39 item 2): each folder under server/ whose index.ts exports an
 * `area` brings its routes and its demo seed, and server/app.ts names none of them. A demo seed runs
 * after the areas whose data it reads (`after`), and otherwise in name order, so adding an area is its
 * folder alone and its place among the seeds is what it declares, not a line in a central list.
 */
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { AnyResource } from '../src/crud/resource';
import type { AppContext } from './context';
import type { Database, Db } from './db/open';

/** A module adding routes to /api/web. */
export type RouteModule = (api: FastifyInstance, ctx: AppContext) => void;

export interface DemoSeed {
  /** The areas whose demo data this seed reads: it runs after theirs. */
  after?: readonly string[];
  /** Adds the area's part of the demo world; it leaves a world it finds seeded as it is. */
  seed: (ctx: AppContext) => Promise<unknown>;
}

/** What an area's calls outside the signed /api/web are given. */
export interface OutsideContext {
  /** The write-guarded database, as routes have it. */
  db: Db;
  /** The database itself: its LISTEN channels. */
  database: Database;
  demoMode: boolean;
}

/** What an area's reconciliation at start is given. */
export interface ReconcileContext {
  db: Db;
  demoMode: boolean;
  /** The resources the server serves (a test server's own among them). */
  resources: readonly AnyResource[];
}

export interface ServerArea {
  /** The folder's name. */
  name: string;
  routes?: readonly RouteModule[];
  demo?: DemoSeed;
  /**
   * Calls outside the signed /api/web (a socket, the corporate side's keyed calls), registered in a scope of
   * the server's own with its error handler; the area adds its own lifecycle hooks (onReady, onClose) there.
   */
  outside?: (scope: FastifyInstance, ctx: OutsideContext) => void | Promise<void>;
  /**
   * Brings rows the code declares up to date at every start (an earlier release's install included): after
   * the first start's seed and before any call is served. Areas reconcile in name order.
   */
  reconcile?: (ctx: ReconcileContext) => Promise<void>;
}

const SERVER_DIR = fileURLToPath(new URL('.', import.meta.url));

const isArea = (value: unknown): value is ServerArea => typeof value === 'object' && value !== null && typeof (value as ServerArea).name === 'string';

/** Every server/<folder>/index.ts that exports an `area`, by folder name; the folder must be the area's name. */
export async function discoverAreas(dir: string = SERVER_DIR): Promise<ServerArea[]> {
  const areas: ServerArea[] = [];
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const folder of folders) {
    const index = join(dir, folder, 'index.ts');
    if (!existsSync(index)) continue;
    const { area } = (await import(index)) as { area?: unknown };
    if (area === undefined) continue; // an index that is a module's face, not an area (call-centre, zd-registry)
    if (!isArea(area) || area.name !== folder) throw new Error(`server/${folder}/index.ts: its area must be named '${folder}'`);
    areas.push(area);
  }
  return areas;
}

/**
 * The areas with a demo seed in the order they run: each after those it names, ties in name order
 * (Kahn's algorithm taking the smallest name ready). An unknown name or a cycle is a programming
 * error, refused at start with what is wrong.
 */
export function demoSeedOrder(areas: readonly ServerArea[]): ServerArea[] {
  const seeded = new Map(areas.filter((a) => a.demo).map((a) => [a.name, a]));
  const waiting = new Map<string, Set<string>>();
  for (const area of seeded.values()) {
    for (const before of area.demo!.after ?? []) {
      if (!seeded.has(before)) throw new Error(`server/${area.name}: its demo seed runs after '${before}', which has no demo seed`);
    }
    waiting.set(area.name, new Set(area.demo!.after ?? []));
  }
  const order: ServerArea[] = [];
  while (waiting.size) {
    const ready = [...waiting]
      .filter(([, after]) => after.size === 0)
      .map(([name]) => name)
      .sort();
    if (!ready.length) throw new Error(`demo seeds wait on each other: ${[...waiting.keys()].join(', ')}`);
    const next = ready[0];
    waiting.delete(next);
    for (const after of waiting.values()) after.delete(next);
    order.push(seeded.get(next)!);
  }
  return order;
}
