/**
 * The redemption calls under /op/v1/credit-redemption (src/lib/redemption.ts REDEMPTION_CALLS):
 * payments into the settlement account (list, detail, the payers and notes a payment may name,
 * record), their audit (付款审核), and registrations of notes paid outside the platform. Reading
 * needs credit:redeem list / query; recording, auditing and registering each their own permission.
 */
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '../../src/features/redemption/permissions';
import { REDEMPTION_CALLS } from '../../src/lib/redemption';
import { z } from 'zod';
import type { AppContext } from '../context';
import { route } from '../routes/route';
import type { Principal } from '../security/sessions';
import { addPaymentBody, auditBody, idBody, matchableBody, paymentsPageBody, registerBody, registrationsPageBody } from './input';
import { paymentsOf } from './payments';
import { registrationsOf } from './registrations';

/** The payers offered take no body: whatever is sent is not read. */
const noBody = z.object({});

export function redemptionRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { redemption } = PERMISSIONS;
  const payments = paymentsOf(ctx);
  const registrations = registrationsOf(ctx);
  const post = <B>(path: string, permission: string, body: z.ZodType<B>, handler: (body: B, principal: Principal) => Promise<unknown>) =>
    route(api, { method: 'POST', path, auth: 'session', permission, body, handler: ({ body, principal }) => handler(body, principal) });

  post(REDEMPTION_CALLS.payments, redemption.list, paymentsPageBody, (body) => payments.page(body));
  post(REDEMPTION_CALLS.payment, redemption.query, idBody, ({ id }) => payments.find(id));
  post(REDEMPTION_CALLS.payers, redemption.add, noBody, () => payments.payers());
  post(REDEMPTION_CALLS.matchable, redemption.add, matchableBody, ({ issuerUnitId }) => payments.matchable(issuerUnitId));
  post(REDEMPTION_CALLS.addPayment, redemption.add, addPaymentBody, (body, principal) => payments.add(principal, body));
  post(REDEMPTION_CALLS.audit, redemption.audit, auditBody, (body, principal) => payments.audit(principal, body));
  post(REDEMPTION_CALLS.registrations, redemption.list, registrationsPageBody, (body) => registrations.page(body));
  post(REDEMPTION_CALLS.registration, redemption.query, idBody, ({ id }) => registrations.find(id));
  post(REDEMPTION_CALLS.register, redemption.register, registerBody, (body, principal) => registrations.register(principal, body));
}
