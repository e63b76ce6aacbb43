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
 *   is paid the amount, and in demo mode the amount is written to the server log, where the demo's
 *   "bank statement" is read (as SMS codes are).
 */
import type { FastifyBaseLogger } from 'fastify';

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

export function standInGateway(log: FastifyBaseLogger, demoMode: boolean): VerificationGateway {
  return {
    identity: async ({ mobile }, followUp) => byLastChar(mobile, followUp, '姓名、身份证号与手机号不一致'),
    company: async ({ creditCode }, followUp) => byLastChar(creditCode, followUp, '企业名称、统一社会信用代码与法定代表人不一致'),
    address: async ({ address }, followUp) => {
      if (address.includes('未知')) return { status: 'FAILURE', reason: '注册地址无法核实' };
      if (address.includes('待核') && !followUp) return { status: 'AUTHENTICATING' };
      return { status: 'SUCCESS' };
    },
    pay: async ({ accountNo, amount }) => {
      if (accountNo.endsWith('0')) return { status: 'FAILURE', reason: '账户不存在或已销户' };
      // Demo only: the log is the demo's bank statement. The account shows by its last four digits.
      if (demoMode) log.info({ microPayment: { account: accountNo.slice(-4), amount } }, `demo bank statement: paid ${amount} yuan to the account ending ${accountNo.slice(-4)}`);
      return { status: 'SUCCESS' };
    },
  };
}
