/**
 * Builds the server without listening: the built app (dist/) with its SPA fallback, and /api/web.
 * Tests build it over an in-memory PGlite; server/main.ts over the data folder or PostgreSQL.
 */
import { guardWrites, installWriteGuards } from './operation-log/guard';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AnyResource } from '../src/crud/resource';
import { API_BASE } from '../src/protocol/canonical';
import type { AppContext } from './context';
import type { Database } from './db/open';
import { fileDemoOutbox, type DemoOutbox } from './demo-outbox';
import { preloadingHtml } from './front-end/route-preloads';
import { seedIfEmpty } from './db/seed';
import { demoSeedOrder, discoverAreas, type RouteModule } from './areas';
import { contentionCodeOf, contentionError } from './db/contention';
import { duplicateError } from './db/unique-violation';
import { ApiError, protocolError, success } from './errors';
import { localeOf, translate } from './i18n';
import { ProcessHeartbeat } from './process-heartbeat';
import { installGuard } from './security/guard';
import { installSecurityHeaders } from './security/headers';
import { NonceLedger } from './security/nonce-ledger';
import { NonceStore } from './security/nonces';
import { createDecoyVerifier, PRODUCTION_SCRYPT_COST, type ScryptCost } from './security/password-hash';
import { RsaKeys } from './security/rsa';
import { SessionStore } from './security/sessions';
import { loadOrCreateSecret } from './security/shared-secrets';
import { ExportService } from './exports/service';
import { FileGrants } from './files/grants';
import { DEFAULT_MAX_UPLOAD_BYTES, registerFileGets } from './files/routes';
import { FileStore } from './files/store';
import { crudRoutes } from './crud/routes';
import { RESOURCES, SERVED_RESOURCES, TEST_TABLES } from './resources/registry';
import { standInCallCentre, type CallCentre } from './call-centre';
import { DOWNLOAD_PATH, registerTicketDownload } from './routes/export-records';
import { WorkflowEngine } from './workflow/engine';

export const BODY_LIMIT_BYTES = 1_048_576;
const FILE_GRANTS_SECRET = 'file-grants';

export type { RouteModule } from './areas';

export interface AppOptions {
  database: Database;
  logger?: { level?: string; stream?: NodeJS.WritableStream } | false;
  /** Seed the seven demo personas (true, the default) or only op_admin with a forced password change. */
  demoMode?: boolean;
  /** The built front end; defaults to ./dist. */
  staticDir?: string;
  /** Cost of password hashes made by this instance (tests pass a cheap one). */
  passwordCost?: ScryptCost;
  /** Files the server writes (exports/, files/ and, in demo mode, demo-outbox.jsonl under it); defaults to a folder in the OS temp dir. */
  dataDir?: string;
  /** The clock of time-limited rules such as SMS code expiry; tests pass one they can move. Defaults to Date.now. */
  now?: () => number;
  /** A session idle this long ends (README SESSION_IDLE_MINUTES; default 30 minutes, spec §9). */
  sessionIdleMs?: number;
  /** Largest file upload accepted, in bytes (default 10 MB). */
  maxUploadBytes?: number;
  /** Told of every route as it is registered, the unsigned GETs included (the fuzz suite enumerates them so). */
  onRoute?: (route: RouteOptions) => void;
  /** Extra route modules, registered after the built-in ones (tests use it for test-only routes). */
  extraRoutes?: readonly RouteModule[];
  /** The declared resources whose menus and grants the reference data holds; default src/resources (tests add their own). */
  resources?: readonly AnyResource[];
  /** The call centre behind the hotline; default the stand-in (server/call-centre), its link down when CALL_CENTRE_LINK=down. */
  callCentre?: CallCentre;
}

/** Headers that carry secrets; redacted wherever a log line would include them. */
const SECRET_HEADERS = ['x-auth-token', 'x-session-key', 'x-xsrf-token', 'cookie', 'set-cookie'];

const pathOnly = (url: string) => url.split('?', 1)[0];
/** A download ticket in the path is a bearer secret for its 60 s: logged as [redacted]. */
const withoutTicket = (path: string) => (path.includes(DOWNLOAD_PATH) ? path.replace(/\/download\/[^/]+$/, '/download/[redacted]') : path);

function loggerOptions(logger: AppOptions['logger']) {
  if (logger === false) return false;
  return {
    level: logger?.level ?? 'info',
    ...(logger?.stream ? { stream: logger.stream } : {}),
    redact: {
      paths: SECRET_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `res.headers["${h}"]`, `headers["${h}"]`]),
      censor: '[redacted]',
    },
    serializers: {
      // The query string carries _csrf: log the path only, and never headers or bodies.
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: withoutTicket(pathOnly(req.url)), remoteAddress: req.ip }),
    },
  };
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const duplicate = duplicateError(error);
  if (duplicate) return duplicate;
  const contention = contentionError(error);
  if (contention) return contention;
  const fastifyError = error as { code?: string; statusCode?: number };
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return protocolError('PAYLOAD_TOO_LARGE');
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return protocolError('UNSUPPORTED_MEDIA_TYPE');
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) return protocolError('BAD_REQUEST');
  return protocolError('INTERNAL_ERROR');
}

/** The code a refused request was answered with, for its one log line (onResponse). */
const refusedWith = new WeakMap<FastifyRequest, string>();

function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const apiError = toApiError(error);
  // Error level, with the stack, is for the server's own faults; a refusal is the one line onResponse writes.
  if (apiError.httpStatus >= 500) request.log.error({ err: error }, 'request failed');
  else refusedWith.set(request, apiError.code);
  // Two transactions that met head-on are worth an operator's look at the lock order, without the 500.
  if (apiError.code === 'CONTENTION') request.log.warn({ sqlState: contentionCodeOf(error) }, 'transaction gave way to a concurrent one');
  // Forms read data.field (the one field to mark); data.fields lists every field the refusal is about.
  const fields = apiError.fields?.length ? apiError.fields : apiError.field ? [apiError.field] : undefined;
  const data = fields ? { field: apiError.field ?? fields[0], fields } : undefined;
  // A catalogue message is said again in the caller's language (issue 38 item 8): a refusal of the guard's
  // first checks was rendered before the request's language was in reach.
  const message = apiError.messageKey
    ? translate(apiError.messageKey.key, apiError.messageKey.params, localeOf(request.headers['accept-language']))
    : apiError.message;
  return reply.code(apiError.httpStatus).send(data ? { code: apiError.code, message, data } : { code: apiError.code, message });
}

function notBuiltPage(): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>npm run build</title></head><body><p>${translate('server:static.notBuilt')}</p></body></html>`;
}

/** Static files of the built app; any other GET of a path without an extension is a deep link into the SPA. */
function registerFrontEnd(app: FastifyInstance, staticDir: string, resources: readonly AnyResource[]) {
  const html = preloadingHtml(
    staticDir,
    resources.flatMap((resource) => (resource.menu ? [resource.menu.path] : [])),
  );
  app.register(fastifyStatic, {
    root: staticDir,
    // The build writes .br and .gz beside every asset; sending them spares compressing per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      // Vite fingerprints everything under assets/; index.html must always be revalidated.
      res.setHeader('cache-control', filePath.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const path = pathOnly(request.url);
    const deepLink = (request.method === 'GET' || request.method === 'HEAD') && extname(path) === '';
    if (!deepLink) return sendError(request, reply, protocolError('NOT_FOUND'));
    const withPreloads = request.method === 'GET' ? html.forPath(path, request.headers['accept-encoding']) : undefined;
    if (withPreloads) {
      if (withPreloads.encoding) reply.header('content-encoding', withPreloads.encoding);
      return reply.header('vary', 'accept-encoding').header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(withPreloads.body);
    }
    if (existsSync(join(staticDir, 'index.html'))) return reply.sendFile('index.html');
    return reply.type('text/html; charset=utf-8').send(notBuiltPage());
  });
}

interface Services {
  heartbeat: ProcessHeartbeat;
  exports: ExportService;
  files: FileStore;
  fileGrants: FileGrants;
  demoOutbox: DemoOutbox | undefined;
}

async function registerApi(api: FastifyInstance, options: AppOptions, services: Services) {
  const { database } = options;
  // Every transaction of a call must write its operation-log entry (server/operation-log/guard.ts).
  const db = guardWrites(database.db);
  await database.migrate();
  // Test runs only: the test-only resources' tables, which no migration holds.
  if (TEST_TABLES.length) await (await import('./db/test-tables')).createTestTables(db, TEST_TABLES);
  await seedIfEmpty(db, { demoMode: options.demoMode ?? true, passwordCost: options.passwordCost, resources: options.resources });
  // Each area brings what it declares up to date (server/areas.ts: found, not listed).
  const areas = await discoverAreas();
  for (const area of areas) await area.reconcile?.({ db, demoMode: options.demoMode ?? true, resources: options.resources ?? RESOURCES });
  await installWriteGuards(db);
  await services.heartbeat.start(db, (error) => api.log.warn({ err: error }, 'process heartbeat failed'));
  api.addHook('onClose', () => services.heartbeat.stop(db));
  await services.exports.failInterrupted();
  services.exports.watchInterrupted();
  await services.files.ensureBuiltinFiles();
  services.fileGrants.useKey(await loadOrCreateSecret(db, FILE_GRANTS_SECRET));

  const passwordCost = options.passwordCost ?? PRODUCTION_SCRYPT_COST;
  const sessions = new SessionStore(db, { idleMs: options.sessionIdleMs, now: options.now });
  const unwatch = await sessions.watch(database, (error) => api.log.error({ err: error }, 'database notifications lost; principal cache switched off'));
  api.addHook('onClose', () => unwatch());
  sessions.startSweeping((error) => api.log.warn({ err: error }, 'ending idle sessions failed'));
  api.addHook('onClose', () => sessions.stopSweeping());
  const ctx: AppContext = {
    db,
    keys: await RsaKeys.loadOrCreate(db),
    sessions,
    passwordCost,
    verifyDecoy: createDecoyVerifier(passwordCost),
    workflow: new WorkflowEngine(db),
    demoMode: options.demoMode ?? true,
    now: options.now ?? Date.now,
    callCentre: options.callCentre ?? standInCallCentre({ now: options.now, linkReady: process.env.CALL_CENTRE_LINK !== 'down' }),
    ...services,
  };

  // The raw text is kept for the signature; JSON errors wait until the protocol checks have run.
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (request, body, done) => {
    request.rawBody = body as string;
    done(null, body);
  });
  const ledger = new NonceLedger(db);
  ledger.startSweeping((error) => api.log.warn({ err: error }, 'sweeping expired nonces failed'));
  api.addHook('onClose', () => ledger.stop());
  // Signed answers carry session data (and, for whitelisted users, sensitive values): never stored
  // by the browser or a proxy. Set first, so refusals carry it too; the file GETs outside set their own.
  api.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });
  installGuard(api, { nonces: new NonceStore(), ledger, sessions });

  // Each area's routes, then a test's own.
  for (const register of [...areas.flatMap((area) => area.routes ?? []), ...(options.extraRoutes ?? [])]) register(api, ctx);
  // Resources whose table file is all their server needs (server/crud/served.ts): found, not listed.
  for (const served of SERVED_RESOURCES) crudRoutes(api, ctx, served.options);
  if (ctx.demoMode) for (const area of demoSeedOrder(areas)) await area.demo!.seed(ctx);

  // Unknown routes pass the signature checks like any other call, then answer NOT_FOUND.
  api.all('/*', async () => {
    throw protocolError('NOT_FOUND');
  });
  api.setNotFoundHandler((request, reply) => sendError(request, reply, protocolError('NOT_FOUND')));
}

export function buildApp(options: AppOptions): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(options.logger),
    disableRequestLogging: true,
    // Errors Fastify raises before routing (a malformed URL) get the envelope like any other refusal.
    frameworkErrors: (error, request, reply) => sendError(request, reply, error),
    bodyLimit: BODY_LIMIT_BYTES,
    // The first start opens PGlite, migrates, seeds the demo world, hashes the seeded passwords and generates
    // the RSA key pair inside the /api/web plugin: minutes on a slow or busy machine (a 120 s limit stopped
    // first starts under load). No limit: a failing step throws and stops the start with its reason.
    pluginTimeout: 0,
  });
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));
  installSecurityHeaders(app, resolve(options.staticDir ?? 'dist'));
  // One line per request, written when it is answered (Fastify's own logging writes two, and a refusal
  // a third): a flood of bad requests costs one info line each, never a stack.
  app.addHook('onResponse', (request, reply, done) => {
    const code = refusedWith.get(request);
    const line = { req: request, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime) };
    if (code !== undefined) request.log.info({ ...line, code }, 'request refused');
    else if (reply.statusCode < 500) request.log.info(line, 'request completed');
    done();
  });

  // Unsigned on purpose: the benchmark's bare baseline and a liveness probe; it reads nothing.
  app.get(`${API_BASE}/health`, async () => success({ status: 'ok' }));

  const db = guardWrites(options.database.db);
  const dataDir = resolve(options.dataDir ?? join(tmpdir(), 'scf-op-back-office'));
  const heartbeat = new ProcessHeartbeat();
  const exports = new ExportService(db, dataDir, app.log, heartbeat.id, options.now);
  app.addHook('onClose', () => exports.close());
  registerTicketDownload(app, exports);
  const files = new FileStore(db, dataDir, options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES);
  const fileGrants = new FileGrants();
  registerFileGets(app, { db, files, fileGrants });
  // Demo mode only: the stand-in for SMS and bank deliveries, a file beside the data, never the log.
  const demoOutbox = (options.demoMode ?? true) ? fileDemoOutbox(dataDir, app.log, options.now) : undefined;
  // Areas' calls outside the signed /api/web (the message centre's socket, the corporate side's support calls): same port.
  app.register(async (scope) => {
    for (const area of await discoverAreas()) {
      if (area.outside) scope.register(async (own) => area.outside!(own, { db, database: options.database, demoMode: options.demoMode ?? true }));
    }
  });
  app.register((api) => registerApi(api, options, { heartbeat, exports, files, fileGrants, demoOutbox }), { prefix: API_BASE });
  registerFrontEnd(app, resolve(options.staticDir ?? 'dist'), options.resources ?? RESOURCES);
  return app;
}
