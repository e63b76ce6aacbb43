/**
 * The hotline's calls (spec §6), under /op/v1/hotline: the caller's own state (any session: the screen
 * shows the call button from it), start / hang up / wrap up behind the call authorisation
 * (hotline:call:dial), and the call log through the kit (page, find-by-id, export), read-only.
 */
import type { FastifyInstance } from 'fastify';
import { hotlineCallResource } from '../../src/features/hotline/resources';
import { PERMISSIONS } from '../../src/lib/permissions';
import type { AppContext } from '../context';
import { requireId, requireObject } from '../crud/fields';
import { crudRoutes } from '../crud/routes';
import { hotlineCalls } from '../db/schema';
import { validationError } from '../errors';
import { translate } from '../i18n';
import { route } from '../routes/route';
import { Hotline } from './service';

export const HOTLINE_BASE = '/op/v1/hotline';

function readCorpId(body: Record<string, unknown>): string {
  const { corpId } = body;
  if (typeof corpId !== 'string' || corpId === '') throw validationError(translate('hotline:server.corpIdRequired'));
  return corpId;
}

function readNote(body: Record<string, unknown>): string | null {
  const { note } = body;
  if (note === undefined || note === null) return null;
  if (typeof note !== 'string') throw validationError(translate('hotline:server.noteNotText'));
  return note.trim() || null;
}

export function hotlineRoutes(api: FastifyInstance, ctx: AppContext): void {
  const hotline = new Hotline(ctx.db, ctx.callCentre, ctx.now);
  crudRoutes(api, ctx, { resource: hotlineCallResource, table: hotlineCalls });

  route(api, { method: 'POST', path: `${HOTLINE_BASE}/state`, auth: 'session', handler: ({ principal }) => hotline.stateOf(principal) });

  route(api, {
    method: 'POST',
    path: `${HOTLINE_BASE}/start`,
    auth: 'session',
    permission: PERMISSIONS.hotline.dial,
    handler: ({ body, principal }) => hotline.start(principal, readCorpId(requireObject(body ?? {}))),
  });

  route(api, {
    method: 'POST',
    path: `${HOTLINE_BASE}/hang-up`,
    auth: 'session',
    permission: PERMISSIONS.hotline.dial,
    handler: ({ body, principal }) => hotline.hangUp(principal, requireId(requireObject(body ?? {}))),
  });

  route(api, {
    method: 'POST',
    path: `${HOTLINE_BASE}/wrap-up`,
    auth: 'session',
    permission: PERMISSIONS.hotline.dial,
    handler: ({ body, principal }) => {
      const input = requireObject(body ?? {});
      return hotline.wrapUp(principal, requireId(input), readNote(input));
    },
  });
}
