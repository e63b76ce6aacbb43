/**
 * `npm run bench:audit-rules` (issue 41 item 5): the auditors' rules over 1,000 roles, 20,000 people
 * and 1,000,000 workflow history rows (bench/audit-rules/world.ts, built beside the demo world with
 * generate_series), on PGlite and on a throwaway PostgreSQL. Timed: the whole evaluation `npm run
 * audit:rules` runs (evaluateRules, every enabled rule, goal under 60 s), and the preventive check of a
 * save (goal p95 under 200 ms) as the saves run it inside their transaction: a role's grants (the role
 * and everyone holding it) and a person's roles, each rolled back so every sample starts alike.
 *
 * Settings: BENCH_SCALE (fraction of the full world, default 1), BENCH_ENGINES (pglite,postgres by
 * default; PostgreSQL needs Debian's package), BENCH_SAMPLES (timed saves of each kind, default 50,
 * after 5 warm-up ones), BENCH_RUNS (timed evaluations, default 2).
 */
import { eq, sql } from 'drizzle-orm';
import { evaluateRules } from '../server/audit-rules/evaluate';
import { preventiveCheck } from '../server/audit-rules/preventive';
import { createPGlite, openDatabase, pgliteDatabase, type Database } from '../server/db/open';
import { rolePermissions, userRoles } from '../server/db/schema';
import { seedIfEmpty } from '../server/db/seed';
import { PERMISSIONS } from '../src/lib/permissions';
import { postgresBinDir, startPostgres, type TestPostgres } from '../tests/server/postgres';
import { auditSizesAt, buildAuditWorld } from './audit-rules/world';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const samples = Number(process.env.BENCH_SAMPLES ?? 50);
const evaluations = Number(process.env.BENCH_RUNS ?? 2);
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim());
const sizes = auditSizesAt(scale);
const GOALS = { evaluationS: 60, saveP95Ms: 200 };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n: number, digits = 1) => +n.toFixed(digits);

class RolledBack extends Error {}

/** Times `save` inside a transaction that is then rolled back, warm-up samples first. */
async function timeSaves(database: Database, save: (tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0], i: number) => Promise<void>) {
  const times: number[] = [];
  for (let i = 0; i < 5 + samples; i++) {
    const started = performance.now();
    try {
      await database.db.transaction(async (tx) => {
        await save(tx, i);
        throw new RolledBack();
      });
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error;
    }
    if (i >= 5) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}

interface EngineRun {
  engine: string;
  build: Record<string, number>;
  evaluation: number[];
  findings: Record<string, number>;
  roleSave: { p50: number; p95: number };
  personSave: { p50: number; p95: number };
}

async function runOn(engine: string): Promise<EngineRun> {
  let postgres: TestPostgres | undefined;
  let database: Database;
  if (engine === 'postgres') {
    const binDir = postgresBinDir();
    if (!binDir) throw new Error('the PostgreSQL run needs PostgreSQL (Debian package postgresql); BENCH_ENGINES=pglite skips it');
    postgres = await startPostgres(binDir);
    database = openDatabase({ dataDir: '', databaseUrl: await postgres.createDatabase('audit_rules') });
  } else {
    database = pgliteDatabase(createPGlite());
  }
  try {
    console.log(`${engine}: the demo world, then the rules' world at scale ${scale}…`);
    await database.migrate();
    await seedIfEmpty(database.db, { demoMode: true, passwordCost: { N: 1024, r: 8, p: 1 } });
    const build = await buildAuditWorld(
      (statement) => database.db.execute(sql.raw(statement)),
      sizes,
      (line) => console.log(`  ${line}`),
    );

    const evaluation: number[] = [];
    let findings: Record<string, number> = {};
    for (let i = 0; i < evaluations; i++) {
      const started = performance.now();
      const report = await evaluateRules(database.db, { now: () => new Date() });
      evaluation.push(round((performance.now() - started) / 1000, 2));
      findings = Object.fromEntries(report.rules.filter((r) => r.violations).map((r) => [r.id, r.violations]));
      console.log(`  ${engine}: evaluation ${i + 1} in ${evaluation.at(-1)} s`);
    }

    // A role's save: the grants of a role two percent of the people hold change (one read permission
    // swapped), checked over the role and every holder, as /sys/roles/update-by-id runs it.
    const { dictType } = PERMISSIONS;
    const roleSave = await timeSaves(database, async (tx, i) => {
      const role = `ab-role-${1 + ((i * 37) % sizes.roles)}`;
      const check = await preventiveCheck(tx, { role });
      await tx.delete(rolePermissions).where(eq(rolePermissions.pkRole, role));
      await tx.insert(rolePermissions).values([
        { pkRole: role, permission: dictType.list },
        { pkRole: role, permission: dictType.query },
      ]);
      await check.refuseNew(new Date());
    });
    // A person's save: their two roles replaced by two others, as /staffs/update-by-id runs it.
    const personSave = await timeSaves(database, async (tx, i) => {
      const user = `ab-user-${1 + ((i * 389) % sizes.people)}`;
      const check = await preventiveCheck(tx, { user });
      await tx.delete(userRoles).where(eq(userRoles.userId, user));
      await tx.insert(userRoles).values([2, 3].map((k) => ({ userId: user, pkRole: `ab-role-${1 + ((i * 11 + k * 3) % sizes.roles)}` })));
      try {
        await check.refuseNew(new Date());
      } catch (error) {
        // A refusal is an answer too (the rule named): timed the same.
        if (!(error instanceof Error) || !('code' in error)) throw error;
      }
    });
    console.log(`  ${engine}: saves timed`);
    return { engine, build, evaluation, findings, roleSave, personSave };
  } finally {
    await database.close();
    postgres?.stop();
  }
}

const runs: EngineRun[] = [];
for (const engine of engines) runs.push(await runOn(engine));

console.log(
  `\nThe auditors' rules at scale ${scale}: ${Object.entries(sizes)
    .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
    .join(', ')}`,
);
const row = (measure: string, goal: string, figure: (run: EngineRun) => [string | number, boolean]) => {
  const out: Record<string, string | number> = { measure, goal };
  for (const run of runs) {
    const [value, met] = figure(run);
    out[run.engine] = value;
    out[`${run.engine} met`] = met ? 'yes' : 'NO';
  }
  return out;
};
console.table([
  row('audit:rules evaluation, s (slowest run)', `< ${GOALS.evaluationS} s`, (r) => [Math.max(...r.evaluation), Math.max(...r.evaluation) < GOALS.evaluationS]),
  row("preventive check, a role's save, p50 ms", '', (r) => [r.roleSave.p50, true]),
  row("preventive check, a role's save, p95 ms", `< ${GOALS.saveP95Ms} ms`, (r) => [r.roleSave.p95, r.roleSave.p95 < GOALS.saveP95Ms]),
  row("preventive check, a person's save, p50 ms", '', (r) => [r.personSave.p50, true]),
  row("preventive check, a person's save, p95 ms", `< ${GOALS.saveP95Ms} ms`, (r) => [r.personSave.p95, r.personSave.p95 < GOALS.saveP95Ms]),
]);
for (const run of runs) {
  console.log(
    `${run.engine}: built in ${Object.entries(run.build)
      .map(([k, v]) => `${k} ${v} s`)
      .join(', ')}; violations found: ${
      Object.entries(run.findings)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none'
    }`,
  );
}
const missed = runs.some((r) => Math.max(...r.evaluation) >= GOALS.evaluationS || r.roleSave.p95 >= GOALS.saveP95Ms || r.personSave.p95 >= GOALS.saveP95Ms);
process.exitCode = missed ? 1 : 0;
