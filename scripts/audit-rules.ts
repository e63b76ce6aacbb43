/**
 * npm run audit:rules [-- --demo] [-- --json]: evaluates every auditors' rule against the live
 * database (or a fresh demo world) and prints the report; exits 1 when a high-severity rule is
 * broken, 2 when it could not run, so an auditor's CI can run it as a test.
 */
import { reportText } from '../server/audit-rules/report-text';
import { AuditRunRefused, runAuditRules } from '../server/audit-rules/run';

try {
  const report = await runAuditRules({ demo: process.argv.includes('--demo') });
  console.log(process.argv.includes('--json') ? JSON.stringify(report, null, 2) : reportText(report));
  process.exitCode = report.highBroken ? 1 : 0;
} catch (error) {
  if (!(error instanceof AuditRunRefused)) throw error;
  console.error(error.message);
  process.exitCode = 2;
}
