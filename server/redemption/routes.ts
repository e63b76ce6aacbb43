/**
 * The redemption calls under /op/v1/credit-redemption (src/lib/redemption.ts REDEMPTION_CALLS):
 * payments into the settlement account (list, detail, the payers and notes a payment may name,
 * record), their audit (付款审核), and registrations of notes paid outside the platform. Reading
 * needs credit:redeem list / query; recording, auditing and registering each their own permission.
 */
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '../../src/lib/permissions';
import { REDEMPTION_CALLS } from '../../src/lib/redemption';
import type { AppContext } from '../context';
import { route } from '../routes/route';
import type { Principal } from '../security/sessions';
import { requireBody, type Body } from '../workflow/input';
import { paymentsOf, requireString } from './payments';
import { registrationsOf } from './registrations';

export function redemptionRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { redemption } = PERMISSIONS;
  const payments = paymentsOf(ctx);
  const registrations = registrationsOf(ctx);
  const post = (path: string, permission: string, handler: (body: Body, principal: Principal) => Promise<unknown>) =>
    route(api, { method: 'POST', path, auth: 'session', permission, handler: ({ body, principal }) => handler(requireBody(body ?? {}), principal) });

  post(REDEMPTION_CALLS.payments, redemption.list, (body) => payments.page(body));
  post(REDEMPTION_CALLS.payment, redemption.query, (body) => payments.find(requireString(body, 'id')));
  post(REDEMPTION_CALLS.payers, redemption.add, () => payments.payers());
  post(REDEMPTION_CALLS.matchable, redemption.add, (body) => payments.matchable(body));
  post(REDEMPTION_CALLS.addPayment, redemption.add, (body, principal) => payments.add(principal, body));
  post(REDEMPTION_CALLS.audit, redemption.audit, (body, principal) => payments.audit(principal, body));
  post(REDEMPTION_CALLS.registrations, redemption.list, (body) => registrations.page(body));
  post(REDEMPTION_CALLS.registration, redemption.query, (body) => registrations.find(requireString(body, 'id')));
  post(REDEMPTION_CALLS.register, redemption.register, (body, principal) => registrations.register(principal, body));
}
