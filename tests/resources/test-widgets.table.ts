/**
 * The test-only resource's table. No migration holds it: in test runs the server creates it from
 * this definition after migrating (server/db/test-tables.ts), so test runs alone ever see it.
 */
import { boolean, date, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { serveResource } from '../../server/crud/served';
import { idColumn, recordColumns } from '../../server/db/columns';
import { corporations } from '../../server/db/schema';
import { testWidgetResource } from './test-widgets';

export const testWidgets = pgTable('test_widgets', {
  id: idColumn(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  quantity: integer('quantity').notNull().default(1),
  price: numeric('price', { precision: 10, scale: 2 }),
  status: text('status').notNull().default('0'),
  contactMobile: text('contact_mobile'),
  active: boolean('active').notNull().default(true),
  note: text('note'),
  dueDate: date('due_date', { mode: 'string' }),
  coreCorpId: text('core_corp_id').references(() => corporations.id),
  ...recordColumns(),
});

export const served = serveResource(testWidgetResource, testWidgets);
