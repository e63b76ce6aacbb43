/**
 * Opens the key of a form draft kept across a session's expiry (src/lib/form-drafts.ts): the wrapped
 * key is RSA-decrypted with the server's private key and answered DES-encrypted under the caller's
 * session key, to the user the draft belongs to only.
 */
import type { FastifyInstance } from 'fastify';
import { FORM_DRAFT_CALLS, type WrappedDraftKey } from '../../src/lib/form-drafts';
import { desEncrypt } from '../../src/protocol/des';
import type { AppContext } from '../context';
import { businessError } from '../errors';
import { z } from 'zod';
import { text } from '../input/fields';
import { route } from './route';

// RSA ciphertext in base64: 684 characters under a 4096-bit key, so the bound leaves room without being open-ended.
const openKeyBody = z.object({ wrappedKey: text('server:input.fields.wrappedKey', 2048) });

function parse(text: string | null): WrappedDraftKey | undefined {
  try {
    const value = JSON.parse(text ?? '') as Partial<WrappedDraftKey>;
    return typeof value.userId === 'string' && typeof value.key === 'string' && /^[0-9a-f]{64}$/.test(value.key) ? (value as WrappedDraftKey) : undefined;
  } catch {
    return undefined;
  }
}

export function formDraftRoutes(api: FastifyInstance, ctx: AppContext): void {
  route(api, {
    method: 'POST',
    path: FORM_DRAFT_CALLS.openKey,
    auth: 'session',
    body: openKeyBody,
    handler: ({ body: { wrappedKey }, principal, request }) => {
      const wrapped = parse(ctx.keys.decrypt(wrappedKey));
      // Another user's draft answers exactly as a damaged one: it says nothing about whose it was.
      if (!wrapped || wrapped.userId !== principal.userId) throw businessError('DRAFT_UNREADABLE', 'server:formDraft.unreadable');
      const header = request.headers['x-session-key'];
      const sessionKey = typeof header === 'string' ? ctx.keys.sessionKey(header) : null;
      if (!sessionKey) throw businessError('DRAFT_UNREADABLE', 'server:formDraft.unreadable');
      return { key: desEncrypt(wrapped.key, sessionKey) };
    },
  });
}
