/**
 * Fuzz suite over every route of the built server (issue 23): the routes are read from the server
 * itself as it registers them, so a route added later joins without editing this file. Each case is
 * a correctly signed request (or, for the unsigned GETs, a plain one) with a generated hostile body,
 * sent as one of the seeded personas or without a session. Every answer must be:
 *   - never a 5xx, never a stack trace or SQL text;
 *   - a known code of the server's catalogue with a message made from that code's locale keys;
 *   - when refused, without effect: the row counts and versions of every table are unchanged.
 * Afterwards the server still answers health, wrote no error-level line and no secret to its log.
 *
 *   FUZZ_RUNS=20000 npx vitest run tests/server/fuzz       # a long run (default 2,000 cases)
 *   FUZZ_SEED=123 npx vitest run tests/server/fuzz         # replay the seed a failure printed
 *   FUZZ_DATABASE_URL=postgres://… npx vitest run tests/server/fuzz   # on PostgreSQL instead of PGlite
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { createPGlite, pgliteDatabase, postgresDatabase, type Database } from '../../../server/db/open';
import { schemaTables } from '../../../server/db/schema-facts';
import { PERSONAS } from '../../../server/db/seed-data/personas';
import { API_BASE } from '../../../src/protocol/canonical';
import { ApiClient, signInAs, type ApiResponse } from '../client';
import { serverCatalogue, serverMessagePatterns, templatePattern, lookup } from '../error-catalogue';
import { captureLog, TEST_SCRYPT_COST } from '../server';
import { describeBody, hostileBody, hostileSegment, type HostileBody } from './hostile';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
const DATABASE_URL = process.env.FUZZ_DATABASE_URL;

/**
 * Written to on purpose by refused or unrelated calls: session last-seen times, exports finishing in
 * the background (with their runner rows and download tickets), the process heartbeat, the data key
 * and shared secrets made on first use; the login log and login-attempt counter, which a refused
 * sign-in writes by design (issue 20).
 */
const UNWATCHED_TABLES =
  /session|nonce|file_export_records|export_runners|download_tickets|server_processes|server_secrets|sms_sign_codes|data_keys|sys_login_/;

/** What no answer may show: stack frames, source paths, SQL and driver words. */
const INTERNALS =
  /\n\s+at |\bat .+\.(ts|js):\d+|node_modules|Error:|\bSELECT\b.+\bFROM\b|INSERT INTO|DELETE FROM|UPDATE ".+" SET|violates|syntax error|relation "|duplicate key|invalid input syntax|out of range for type/i;

interface ApiRoute {
  method: string;
  /** The path under /api/web. */
  path: string;
  signed: boolean;
}

const personas = ['op_admin', 'op_handler', 'op_director', 'op_auditor', 'op_agent', 'op_newbie', 'anonymous'] as const;
type Persona = (typeof personas)[number];

let app: FastifyInstance;
let database: Database;
let baseUrl: string;
let filesDir: string;
const log = captureLog();
const registered: RouteOptions[] = [];
const clients = new Map<Persona, ApiClient>();
let routes: ApiRoute[] = [];

const { codes } = serverCatalogue();
const validationPatterns = serverMessagePatterns();
const codePatterns = new Map(
  [...codes].map(([code, keys]) => [
    code,
    [...keys]
      .map((key) => lookup('zh-CN', key))
      .filter((t): t is string => !!t)
      .map(templatePattern),
  ]),
);

/** Every answer seen: route → code → count, and the 5xx. */
const seen = new Map<string, Map<string, number>>();
let serverErrors = 0;
let requests = 0;

async function signIn(persona: Persona): Promise<ApiClient> {
  const client = persona === 'anonymous' ? await new ApiClient(baseUrl).init() : await signInAs(baseUrl, persona);
  clients.set(persona, client);
  return client;
}

function fingerprintQuery() {
  const parts = schemaTables
    .map((table) => ({ name: getTableConfig(table).name, versioned: 'dataVersion' in getTableColumns(table) }))
    .filter(({ name }) => !UNWATCHED_TABLES.test(name))
    .map(({ name, versioned }) => `(select count(*)${versioned ? " || ':' || coalesce(sum(data_version), 0)" : ''} from "${name}") as "${name}"`);
  return sql.raw(`select ${parts.join(', ')}`);
}
const FINGERPRINT = fingerprintQuery();

async function fingerprint(): Promise<string> {
  const result = (await database.db.execute(FINGERPRINT)) as unknown as { rows: unknown[] };
  return JSON.stringify(result.rows[0]);
}

beforeAll(async () => {
  database = DATABASE_URL ? postgresDatabase(DATABASE_URL) : pgliteDatabase(createPGlite());
  filesDir = mkdtempSync(join(tmpdir(), 'scf-fuzz-'));
  app = buildApp({
    logger: { level: 'info', stream: log.stream },
    passwordCost: TEST_SCRYPT_COST,
    staticDir: '/nonexistent-dist',
    dataDir: filesDir,
    database,
    onRoute: (options) => void registered.push(options),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  routes = registered.flatMap((options) => {
    const methods = [options.method].flat().filter((m) => m !== 'HEAD');
    if (!methods.length || !options.url.startsWith(`${API_BASE}/`) || options.url.endsWith('*')) return [];
    const signed = !!options.config?.api;
    return [{ method: methods.includes('POST') ? 'POST' : methods[0], path: options.url.slice(API_BASE.length), signed }];
  });
  for (const persona of personas) await signIn(persona);
  console.log(
    `fuzz: seed ${SEED}, ${RUNS} cases, ${routes.length} routes (${routes.filter((r) => !r.signed).length} unsigned), ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'} — replay with FUZZ_SEED=${SEED}`,
  );
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

function record(route: string, code: string) {
  const byCode = seen.get(route) ?? new Map<string, number>();
  byCode.set(code, (byCode.get(code) ?? 0) + 1);
  seen.set(route, byCode);
}

/** The unsigned GETs with their parameters replaced by hostile segments. */
const withSegments = (path: string, segments: string[]) => {
  let i = 0;
  return path.replace(/:[A-Za-z]+/g, () => segments[i++ % segments.length]);
};

async function send(route: ApiRoute, persona: Persona, body: HostileBody, segments: string[], query: string): Promise<ApiResponse> {
  requests++;
  if (!route.signed) {
    const response = await fetch(`${baseUrl}${API_BASE}${withSegments(route.path, segments)}?${query}`);
    const text = await response.text();
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, text, body: parsed, headers: response.headers };
  }
  const client = clients.get(persona)!;
  const options = body.kind === 'none' ? {} : body.kind === 'raw' ? { rawBody: body.text } : { json: body.value };
  return client.call(route.path, { method: route.method, ...options });
}

function checkAnswer(route: ApiRoute, answer: ApiResponse, label: string): boolean {
  if (answer.status >= 500) serverErrors++;
  expect(answer.status, label).toBeLessThan(500);
  const isEnvelope = typeof answer.body === 'object' && answer.body !== null && typeof answer.body.code === 'string';
  // An unsigned GET that found its file answers the file itself.
  if (!isEnvelope) {
    expect(route.signed, `${label}: not an envelope`).toBe(false);
    expect(answer.status, label).toBe(200);
    record(route.path, `HTTP ${answer.status}`);
    return true;
  }
  const { code, message } = answer.body;
  record(route.path, code);
  if (code === '0') return true;
  expect(codes.has(code), `${label}: unknown code ${code}`).toBe(true);
  expect(typeof message === 'string' && message.length > 0, `${label}: no message`).toBe(true);
  expect(answer.text, label).not.toMatch(INTERNALS);
  const patterns = code === 'VALIDATION_FAILED' || code === 'DUPLICATE' ? [...validationPatterns, ...codePatterns.get(code)!] : codePatterns.get(code)!;
  expect(
    patterns.some((pattern) => pattern.test(message!)),
    `${label}: ${code} ${message} is not a catalogue message`,
  ).toBe(true);
  return false;
}

describe(`fuzz over every route (seed ${SEED})`, () => {
  it('finds the routes in the built server', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.some((r) => r.path === '/uaa/login' && r.signed)).toBe(true);
    expect(routes.some((r) => !r.signed && r.path.includes('/preview'))).toBe(true);
  });

  it(
    'answers every hostile request with a catalogue refusal or a success, never a 5xx, and a refusal changes nothing',
    async () => {
      const started = Date.now();
      let before = await fingerprint();
      await fc.assert(
        fc.asyncProperty(
          fc.nat({ max: routes.length - 1 }),
          fc.constantFrom(...personas),
          hostileBody,
          fc.array(hostileSegment, { minLength: 1, maxLength: 2 }),
          fc.constantFrom('', 'grant=x', 'grant=1.u.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'a=%00', 'grant[]=1&grant=2'),
          async (index, persona, body, segments, query) => {
            const route = routes[index];
            const label = `${route.method} ${route.path} as ${persona}: ${describeBody(body)}`;
            const answer = await send(route, persona, body, segments, query);
            const succeeded = checkAnswer(route, answer, label);
            const after = await fingerprint();
            if (!succeeded) expect(after, `${label}: a refused call changed rows`).toBe(before);
            before = after;
            // A session ended by the case (logout) is opened again for the next ones.
            if (answer.body?.code === 'UNAUTHORIZED' && persona !== 'anonymous' && route.signed) await signIn(persona);
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      const summary = [...seen]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([path, byCode]) => `  ${path}: ${[...byCode].map(([c, n]) => `${c}×${n}`).join(' ')}`);
      const allCodes = new Map<string, number>();
      for (const byCode of seen.values()) for (const [c, n] of byCode) allCodes.set(c, (allCodes.get(c) ?? 0) + n);
      console.log(
        `fuzz: ${requests} requests over ${seen.size}/${routes.length} routes in ${Math.round((Date.now() - started) / 1000)} s, 5xx: ${serverErrors}\n` +
          `codes: ${[...allCodes]
            .sort((a, b) => b[1] - a[1])
            .map(([c, n]) => `${c}×${n}`)
            .join(' ')}\n${summary.join('\n')}`,
      );
      expect(serverErrors).toBe(0);
    },
    Math.max(300_000, RUNS * 300),
  );

  it('still answers health, and logged no error and no secret, one line per request at most', async () => {
    const health = await fetch(`${baseUrl}${API_BASE}/health`);
    expect(health.status).toBe(200);
    const lines = log
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.filter((line) => line.err !== undefined)).toEqual([]);
    const requestLines = lines.filter((line) => line.msg === 'request refused' || line.msg === 'request completed');
    // Sign-ins of the setup and re-sign-ins add a few calls of their own.
    expect(requestLines.length).toBeLessThanOrEqual(requests + 10 * (personas.length + 20));
    const text = log.text();
    for (const persona of PERSONAS) expect(text).not.toContain(persona.password);
    for (const client of clients.values()) {
      if (client.authToken) expect(text).not.toContain(client.authToken);
      if (client.sessionKey) expect(text).not.toContain(client.sessionKey);
      if (client.csrf?.token) expect(text).not.toContain(client.csrf.token);
    }
  });
});
