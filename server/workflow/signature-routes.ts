/**
 * SMS signing calls of spec §7 (/op/v1/authentication/signature/...): any signed-in operator may
 * sign, so they need a session and no further permission. Whether signing is on for a corporation
 * is the sys config scf.sign.sms.open-corps (a JSON array of corporation names).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { route } from '../routes/route';
import { isPlainObject } from '../validation';
import { z } from 'zod';
import { text } from '../input/fields';
import { readSignScope, SmsSignService } from './sms-sign';

const SIGNATURE_API = '/op/v1/authentication/signature';
const corpNameBody = z.object({ corpName: text('server:input.fields.corpName', 200) });
// sms/apply and sms/verify keep their own reading (readSignScope): spec 5.2 answers an incomplete scope with code 1, not VALIDATION_FAILED.

const textOf = (body: unknown, field: string) => (isPlainObject(body) && typeof body[field] === 'string' ? body[field] : undefined);

export function signatureRoutes(api: FastifyInstance, ctx: AppContext): void {
  const sms = new SmsSignService({ db: ctx.db, now: ctx.now, outbox: ctx.demoOutbox, log: api.log });

  route(api, {
    method: 'POST',
    path: `${SIGNATURE_API}/switch/find`,
    auth: 'session',
    body: corpNameBody,
    handler: async ({ body }) => ({ open: await sms.isOpen(body.corpName) }),
  });

  route(api, {
    method: 'POST',
    path: `${SIGNATURE_API}/sms/apply`,
    auth: 'session',
    handler: ({ body, principal }) => sms.apply(principal, readSignScope(body)),
  });

  route(api, {
    method: 'POST',
    path: `${SIGNATURE_API}/sms/verify`,
    auth: 'session',
    handler: async ({ body, principal }) => {
      const scope = readSignScope(body, ['corpName']);
      await sms.verify(principal, scope, isPlainObject(body) ? body.verifyCode : undefined);
      return {
        signed: true,
        businessKeys: scope.businessKeys,
        businessType: scope.businessType,
        productType: scope.productType,
        summary: textOf(body, 'summary') ?? null,
        corpName: textOf(body, 'corpName'),
      };
    },
  });
}
