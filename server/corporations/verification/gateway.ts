/**
 * The outside verification services behind one small interface: identity (name, ID card, mobile,
 * with a carrier), company (name, credit code, legal person, with the business registry), address,
 * and a bank account's micro payment. A real deployment gives its own gateway; the reference server
 * ships the stand-in below, which decides by rules simple enough to aim a test or a demo at any state.
 *
 * Stand-in rules (README "Corporations", "Verification"):
 * - identity: the mobile number ends in 0 → FAILURE; ends in 9 → AUTHENTICATING (the carrier answers
 *   later: a follow-up succeeds); otherwise SUCCESS.
 * - company: the credit code ends in 0 → FAILURE; ends in 9 → AUTHENTICATING (a follow-up succeeds);
 *   otherwise SUCCESS.
 * - address: contains 未知 → FAILURE; contains 待核 → AUTHENTICATING (a follow-up succeeds); otherwise SUCCESS.
 * - micro payment: an account number ending in 0 cannot be paid (FAILURE, 账户不存在或已销户); any other
 *   is paid the amount, and in demo mode the payment is delivered to the demo outbox
 *   (server/demo-outbox.ts), the demo's "bank statement", where SMS codes are read too. Never to the log:
 *   the amount is the secret the operator confirms back.
 */
import type { DemoOutbox } from '../../demo-outbox';

export type GatewayVerdict = { status: 'SUCCESS' } | { status: 'AUTHENTICATING' } | { status: 'FAILURE'; reason: string };

export interface VerificationGateway {
  identity(input: { name: string; idCard: string; mobile: string }, followUp: boolean): Promise<GatewayVerdict>;
  company(input: { corpName: string; creditCode: string; legalPersonName: string }, followUp: boolean): Promise<GatewayVerdict>;
  address(input: { address: string }, followUp: boolean): Promise<GatewayVerdict>;
  /** Pays `amount` (yuan, two decimals) into the account; SUCCESS means paid, to be confirmed back. */
  pay(input: { bankName: string; accountName: string; accountNo: string; amount: string }): Promise<GatewayVerdict>;
}

const byLastChar = (value: string, followUp: boolean, reason: string): GatewayVerdict => {
  const last = value.at(-1);
  if (last === '0') return { status: 'FAILURE', reason };
  if (last === '9' && !followUp) return { status: 'AUTHENTICATING' };
  return { status: 'SUCCESS' };
};

/** The stand-in; `outbox` (demo mode) receives the bank statement of each micro payment. */
export function standInGateway(outbox: DemoOutbox | undefined): VerificationGateway {
  return {
    identity: async ({ mobile }, followUp) => byLastChar(mobile, followUp, '姓名、身份证号与手机号不一致'),
    company: async ({ creditCode }, followUp) => byLastChar(creditCode, followUp, '企业名称、统一社会信用代码与法定代表人不一致'),
    address: async ({ address }, followUp) => {
      if (address.includes('未知')) return { status: 'FAILURE', reason: '注册地址无法核实' };
      if (address.includes('待核') && !followUp) return { status: 'AUTHENTICATING' };
      return { status: 'SUCCESS' };
    },
    pay: async ({ bankName, accountName, accountNo, amount }) => {
      if (accountNo.endsWith('0')) return { status: 'FAILURE', reason: '账户不存在或已销户' };
      // The account shows by its last four digits, as on the pages.
      await outbox?.deliver({ kind: 'BANK_MICRO_PAYMENT', bankName, accountName, account: accountNo.slice(-4), amount });
      return { status: 'SUCCESS' };
    },
  };
}
