/**
 * The demo outbox: in demo mode there is no SMS gateway and no bank, so what they would deliver to a
 * person outside the server (an SMS sign code to a phone, a micro payment on a bank statement) is
 * appended here instead, one JSON line per delivery, to DATA_DIR/demo-outbox.jsonl, where a demo user
 * (or a test) reads it. The server log only says that a delivery was made: a code or an amount to be
 * confirmed back is a secret, and no secret goes into any log line (issue 23).
 *
 * Outside demo mode there is no outbox (AppContext.demoOutbox is undefined), so nothing can be sent.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export const DEMO_OUTBOX_FILE = 'demo-outbox.jsonl';

/** An SMS sign code, as the user's phone would receive it (spec 4.3). */
export interface SmsSignCodeDelivery {
  kind: 'SMS_SIGN_CODE';
  username: string;
  businessType: string;
  productType: string;
  businessKeys: string[];
  code: string;
}

/** A verification micro payment, as the account holder's bank statement would show it; the account by its last four digits. */
export interface BankMicroPaymentDelivery {
  kind: 'BANK_MICRO_PAYMENT';
  bankName: string;
  accountName: string;
  account: string;
  amount: string;
}

export type DemoDelivery = SmsSignCodeDelivery | BankMicroPaymentDelivery;

/** One line of the outbox file: the delivery and when it was made (ISO 8601). */
export type DemoOutboxLine = DemoDelivery & { deliveredAt: string };

export interface DemoOutbox {
  /** Resolves once the delivery is on disk, so a caller answering after it can be read back at once. */
  deliver(delivery: DemoDelivery): Promise<void>;
}

/** Who or what a delivery went to, without its secret: what the log may say. */
const recipientOf = (delivery: DemoDelivery) =>
  delivery.kind === 'SMS_SIGN_CODE'
    ? { username: delivery.username, businessType: delivery.businessType }
    : { bankName: delivery.bankName, account: delivery.account };

export function fileDemoOutbox(dataDir: string, log: FastifyBaseLogger, now: () => number = Date.now): DemoOutbox {
  const file = join(dataDir, DEMO_OUTBOX_FILE);
  return {
    async deliver(delivery) {
      const line: DemoOutboxLine = { ...delivery, deliveredAt: new Date(now()).toISOString() };
      await mkdir(dataDir, { recursive: true });
      // One write of one short line with O_APPEND: concurrent deliveries never interleave.
      await appendFile(file, `${JSON.stringify(line)}\n`, 'utf8');
      log.info({ demoOutbox: { kind: delivery.kind, ...recipientOf(delivery), file } }, 'demo delivery written to the demo outbox');
    },
  };
}
