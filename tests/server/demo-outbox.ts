/**
 * Reads the demo outbox (server/demo-outbox.ts) of a server's data folder, as a demo user would:
 * the SMS codes and bank micro payments delivered in demo mode. Shared by the server and e2e tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_OUTBOX_FILE, type DemoOutboxLine } from '../../server/demo-outbox';

/** Every delivery in the outbox of `dataDir`, oldest first (none before the first). */
export function demoOutbox(dataDir: string): DemoOutboxLine[] {
  const file = join(dataDir, DEMO_OUTBOX_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as DemoOutboxLine);
}

/** The SMS sign codes delivered to a user, oldest first. */
export function smsCodesFor(dataDir: string, username: string): string[] {
  return demoOutbox(dataDir).flatMap((line) => (line.kind === 'SMS_SIGN_CODE' && line.username === username ? [line.code] : []));
}

/** The micro payments paid into accounts ending in these four digits, oldest first. */
export function microPaymentsTo(dataDir: string, lastFour: string): string[] {
  return demoOutbox(dataDir).flatMap((line) => (line.kind === 'BANK_MICRO_PAYMENT' && line.account === lastFour ? [line.amount] : []));
}
