/**
 * The hotline's calls (spec §6), under /op/v1/hotline: the caller's own state (any session: the screen
 * shows the call button from it), start / hang up / wrap up behind the call authorisation
 * (hotline:call:dial), and the call log through the kit (page, find-by-id, export), read-only.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WRAP_UP_NOTE_MAX } from '../../src/lib/hotline';
import { hotlineCallResource } from '../../src/features/hotline/resources';
import { PERMISSIONS } from '../../src/features/hotline/permissions';
import type { AppContext } from '../context';
import { crudRoutes } from '../crud/routes';
import { hotlineCalls } from '../db/schema';
import { id, optional, text } from '../input/fields';
import { route } from '../routes/route';
import { Hotline } from './service';

export const HOTLINE_BASE = '/op/v1/hotline';

const callId = id('hotline:call.fields.id');
const startBody = z.object({ corpId: id('server:input.fields.corpId') });
const hangUpBody = z.object({ id: callId });
// A note of only spaces is no note: trimmed before optional() sees it, so it is left out rather than refused as empty.
const wrapUpBody = z.object({
  id: callId,
  note: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), optional(text('hotline:call.fields.note', WRAP_UP_NOTE_MAX))),
});

export function hotlineRoutes(api: FastifyInstance, ctx: AppContext): void {
  const hotline = new Hotline(ctx.db, ctx.callCentre, ctx.now);
  crudRoutes(api, ctx, { resource: hotlineCallResource, table: hotlineCalls });

  route(api, { method: 'POST', path: `${HOTLINE_BASE}/state`, auth: 'session', handler: ({ principal }) => hotline.stateOf(principal) });

  route(api, {
    method: 'POST',
    path: `${HOTLINE_BASE}/start`,
    auth: 'session',
    permission: PERMISSIONS.hotline.dial,
    body: startBody,
    handler: ({ body, principal }) => hotline.start(principal, body.corpId),
  });

  route(api, {
    method: 'POST',
    path: `${HOTLINE_BASE}/hang-up`,
    auth: 'session',
    permission: PERMISSIONS.hotline.dial,
    body: hangUpBody,
    handler: ({ body, principal }) => hotline.hangUp(principal, body.id),
  });

  route(api, {
    method: 'POST',
    path: `${HOTLINE_BASE}/wrap-up`,
    auth: 'session',
    permission: PERMISSIONS.hotline.dial,
    body: wrapUpBody,
    handler: ({ body, principal }) => hotline.wrapUp(principal, body.id, body.note ?? null),
  });
}
