/**
 * The database schema: every table, re-exported from where it lives. An area's tables are in its own
 * folder (server/<area>/schema.ts, issue 39), the platform's in ./system-schema.ts, a generic resource's
 * in an area's server/<area>/*.table.ts. drizzle-kit reads this module (and those table files) to generate the
 * SQL migrations in ./migrations (`npm run db:generate`); the same migrations serve PGlite and PostgreSQL.
 * It only re-exports: a table file imports the tables it references from their own file, never from here,
 * so no table module waits on this one (an import circle made a table undefined when referenced).
 */
export * from './system-schema';
export * from './schema-shared-state';
export * from '../exports/schema';
export * from '../workflow/schema';
export * from '../files/schema';
export * from '../doc-review/schema';
export * from '../realname/schema';
export * from '../certificates/schema';
export * from '../content/schema';
export * from '../corporations/schema';
export { operationLogs } from '../operation-log/schema';
export { agreementTemplates, agreements, pricePolicies, productTemplateVersions, products, referenceMappingReport } from '../products/schema';
export { loginLocks, loginLogs } from '../login/schema';
export * from '../quotas/schema';
export * from '../credit-notes/schema';
export * from '../abs/schema';
export * from '../financing/schema';
export * from '../messages/schema';
export * from '../help/schema';
export * from '../hotline/schema';
export * from '../redemption/schema';
export * from '../bills/schema';
export * from '../audit-rules/schema';
export * from '../dashboard/schema';
