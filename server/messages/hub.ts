/**
 * The live side of the message centre: the WebSocket at MESSAGE_SOCKET_PATH on the server's own port
 * (@fastify/websocket). A socket proves its session with the login's wsToken as its first frame (never
 * in the address, which proxies log); a missing, wrong or ended token closes it with UNAUTHORIZED.
 *
 * Delivery goes through the database, never process memory: a message's NOTIFY (server/messages/
 * store.ts) reaches every process's hub at commit, and each pushes it to the sockets it holds. Sessions
 * are watched the same way: the sessions table's trigger (migration 0001) announces every ended session
 * on principal_changed, so a logout or a forced logout on any process closes the sockets on all of them.
 */
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { isSessionEndReason, MESSAGE_SOCKET_PATH, SESSION_END_CHANNEL, SOCKET_AUTH_TIMEOUT_MS, SOCKET_CLOSE, type SocketEvent } from '../../src/lib/messages';
import type { Database, Db } from '../db/open';
import { sessions, supportMessages, userMessages } from '../db/schema';
import { protocolError } from '../errors';
import { localeOf, type ServerLocale } from '../i18n';
import { MESSAGE_CHANNEL, type ChannelPayload } from './store';
import { messageView, supportMessageView } from './views';

const PRINCIPAL_CHANNEL = 'principal_changed';
const SESSION_PREFIX = 'session:';
/** A first frame longer than this is not an auth frame. */
const MAX_AUTH_FRAME = 512;

interface Client {
  socket: WebSocket;
  userId: string;
  tokenHash: string;
  /** The language the tab reads (its auth frame, then its language frames): messages pushed to it are rendered in it. */
  locale: ServerLocale;
}

type Frame = { type?: unknown; wsToken?: unknown; language?: unknown };

function parseFrame(data: unknown): Frame | null {
  const text = Buffer.isBuffer(data) ? data.toString('utf8') : typeof data === 'string' ? data : '';
  if (!text || text.length > MAX_AUTH_FRAME) return null;
  try {
    const frame = JSON.parse(text) as unknown;
    return frame && typeof frame === 'object' ? (frame as Frame) : null;
  } catch {
    return null;
  }
}

function parseAuth(data: unknown): { wsToken: string; locale: ServerLocale } | null {
  const frame = parseFrame(data);
  if (!frame || frame.type !== 'auth' || typeof frame.wsToken !== 'string' || !frame.wsToken) return null;
  return { wsToken: frame.wsToken, locale: localeOf(typeof frame.language === 'string' ? frame.language : undefined) };
}

export class MessageHub {
  private readonly byUser = new Map<string, Set<Client>>();
  private readonly unlisten: Array<() => Promise<void>> = [];

  constructor(private readonly db: Db) {}

  /** Subscribes to the message and session channels; call once the database is migrated. */
  async start(database: Database, onLost: (error: unknown) => void): Promise<void> {
    const lost = (error: unknown) => {
      onLost(error);
      // Without notifications a socket would stay open past its session: close them all; clients
      // reconnect (1012, service restart: not SESSION_ENDED, which sends a tab to the login page).
      for (const client of this.clients()) client.socket.close(1012, 'notifications lost');
    };
    this.unlisten.push(await database.listen(MESSAGE_CHANNEL, (payload) => void this.deliver(payload).catch(onLost), lost));
    this.unlisten.push(await database.listen(PRINCIPAL_CHANNEL, (payload) => void this.sessionChanged(payload).catch(onLost), lost));
    this.unlisten.push(await database.listen(SESSION_END_CHANNEL, (payload) => this.sessionEnded(payload), lost));
  }

  async stop(): Promise<void> {
    for (const client of this.clients()) client.socket.close(1001, 'server stopping');
    await Promise.all(this.unlisten.splice(0).map((u) => u()));
  }

  /** The number of sockets open for a user on this process (tests). */
  openSockets(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  register(app: FastifyInstance): void {
    app.route({
      method: 'GET',
      url: MESSAGE_SOCKET_PATH,
      // A plain GET (no upgrade) is answered like any unknown address: NOT_FOUND in the envelope.
      handler: () => {
        throw protocolError('NOT_FOUND');
      },
      wsHandler: (socket) => this.accept(socket),
    });
  }

  private accept(socket: WebSocket): void {
    const timer = setTimeout(() => socket.close(SOCKET_CLOSE.UNAUTHORIZED, 'unauthorized'), SOCKET_AUTH_TIMEOUT_MS);
    socket.once('close', () => clearTimeout(timer));
    socket.once('message', (data) => {
      clearTimeout(timer);
      const auth = parseAuth(data);
      if (!auth) return socket.close(SOCKET_CLOSE.UNAUTHORIZED, 'unauthorized');
      this.authenticate(socket, auth.wsToken, auth.locale).catch(() => socket.close(1011, 'server error'));
    });
  }

  private async authenticate(socket: WebSocket, wsToken: string, locale: ServerLocale): Promise<void> {
    const [session] = await this.db
      .select({ userId: sessions.userId, tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.wsToken, wsToken))
      .limit(1);
    if (!session) return socket.close(SOCKET_CLOSE.UNAUTHORIZED, 'unauthorized');
    if (socket.readyState !== socket.OPEN) return;
    const client: Client = { socket, ...session, locale };
    let set = this.byUser.get(client.userId);
    if (!set) this.byUser.set(client.userId, (set = new Set()));
    set.add(client);
    socket.on('close', () => {
      set.delete(client);
      if (set.size === 0 && this.byUser.get(client.userId) === set) this.byUser.delete(client.userId);
    });
    // After auth a frame only tells the tab's new language (replies are signed calls); a ping is answered by ws itself.
    socket.on('message', (data) => {
      const frame = parseFrame(data);
      if (frame?.type === 'language' && typeof frame.language === 'string') client.locale = localeOf(frame.language);
    });
    // The session may have ended between the lookup and the registration: check once more.
    const [still] = await this.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.tokenHash, session.tokenHash));
    if (!still) return socket.close(SOCKET_CLOSE.SESSION_ENDED, 'session ended');
    send(client, { type: 'ready' });
  }

  private *clients(): Iterable<Client> {
    for (const set of this.byUser.values()) yield* set;
  }

  /**
   * A session's end with its reason (server/security/sessions.ts announces it just before the
   * delete): its sockets close with the reason, so every tab tells its user why it signs them out.
   */
  private sessionEnded(payload: string): void {
    const at = payload.lastIndexOf(':');
    const [hash, reason] = [payload.slice(0, at), payload.slice(at + 1)];
    if (at < 0 || !isSessionEndReason(reason)) return;
    for (const c of this.clients()) if (c.tokenHash === hash) c.socket.close(SOCKET_CLOSE.SESSION_ENDED, reason);
  }

  private async sessionChanged(payload: string): Promise<void> {
    if (payload.startsWith(SESSION_PREFIX)) {
      const hash = payload.slice(SESSION_PREFIX.length);
      const affected = [...this.clients()].filter((c) => c.tokenHash === hash);
      if (affected.length === 0) return;
      // An update (corp switch) announces the session too: close only when it is gone.
      const [row] = await this.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.tokenHash, hash));
      if (!row) for (const c of affected) c.socket.close(SOCKET_CLOSE.SESSION_ENDED, 'session ended');
      return;
    }
    // '*': a user, role or grant table changed (or sessions were truncated): keep only live sessions.
    const open = [...this.clients()];
    if (open.length === 0) return;
    const live = new Set(
      (
        await this.db
          .select({ tokenHash: sessions.tokenHash })
          .from(sessions)
          .where(inArray(sessions.tokenHash, [...new Set(open.map((c) => c.tokenHash))]))
      ).map((r) => r.tokenHash),
    );
    for (const c of open) if (!live.has(c.tokenHash)) c.socket.close(SOCKET_CLOSE.SESSION_ENDED, 'session ended');
  }

  private async deliver(raw: string): Promise<void> {
    const payload = JSON.parse(raw) as ChannelPayload;
    if ('m' in payload) {
      const ids = payload.m.filter(([, userId]) => this.byUser.has(userId)).map(([id]) => id);
      if (ids.length === 0) return;
      const rows = await this.db.select().from(userMessages).where(inArray(userMessages.id, ids));
      for (const row of rows)
        for (const client of this.byUser.get(row.userId) ?? []) send(client, { type: 'message', message: messageView(row, client.locale) });
      return;
    }
    const users = payload.u.filter((u) => this.byUser.has(u));
    if (users.length === 0) return;
    const [row] = await this.db.select().from(supportMessages).where(eq(supportMessages.id, payload.s));
    if (!row) return;
    for (const userId of users) this.sendTo(userId, { type: 'support', conversationId: row.conversationId, message: supportMessageView(row) });
  }

  private sendTo(userId: string, event: SocketEvent): void {
    for (const client of this.byUser.get(userId) ?? []) send(client, event);
  }
}

function send(client: Client, event: SocketEvent): void {
  if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(event));
}
