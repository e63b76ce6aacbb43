/**
 * Auditors' rules (issue 41): the rules as data (the shipped set arrives through the reference ledger,
 * server/db/reference.ts), the documented exceptions that let a save through a preventive rule, and
 * each run of the detective evaluation with its whole report, so the page shows the last result and
 * an export reproduces exactly what was seen.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AuditRule } from '../../src/lib/audit-rules';
import { createdAt, idColumn, recordColumns } from '../db/columns';

export const auditRules = pgTable('audit_rules', {
  /** The rule's stable id (SOD-PAYMENT-RECORD-AUDIT): reports and exceptions name it. */
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  severity: text('severity').notNull(),
  /** The role code that answers for the rule. */
  owner: text('owner').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** The whole rule (src/lib/audit-rules.ts AuditRule): its functions, processes or roles. */
  definition: jsonb('definition').$type<AuditRule>().notNull(),
  ...recordColumns(),
});

/**
 * A documented exception: the subject (a role or a person) may break the rule until expiresAt, for
 * the reason given. It takes effect only once a second person approved it (approvedBy differs from
 * requestedBy, checked by the route and by the table).
 */
export const auditRuleExceptions = pgTable(
  'audit_rule_exceptions',
  {
    id: idColumn(),
    ruleId: text('rule_id')
      .notNull()
      .references(() => auditRules.id, { onDelete: 'cascade' }),
    /** role or user. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    reason: text('reason').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    requestedBy: text('requested_by').notNull(),
    approvedBy: text('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** PENDING, APPROVED or REVOKED. */
    status: text('status').notNull().default('PENDING'),
    createTime: createdAt('create_time'),
  },
  (t) => [
    index('audit_rule_exceptions_subject_idx').on(t.subjectType, t.subjectId),
    // One live exception per rule and subject.
    check('audit_rule_exceptions_second_person_ck', sql`${t.approvedBy} is null or ${t.approvedBy} <> ${t.requestedBy}`),
    uniqueIndex('audit_rule_exceptions_live_uq')
      .on(t.ruleId, t.subjectType, t.subjectId)
      .where(sql`${t.status} in ('PENDING', 'APPROVED')`),
  ],
);

/** One run of the detective evaluation: when, by whom, under which rule-set version, and its report. */
export const auditRuleRuns = pgTable(
  'audit_rule_runs',
  {
    id: idColumn(),
    ruleSetVersion: text('rule_set_version').notNull(),
    runBy: text('run_by').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    /** The report (server/audit-rules/evaluate.ts AuditReport). */
    report: jsonb('report').notNull(),
  },
  (t) => [index('audit_rule_runs_finished_idx').on(t.finishedAt)],
);
