/**
 * View grants for the file GETs that <img> tags and links load (src/lib/files.ts). Such a request
 * cannot carry the signature headers, and putting the auth token in a URL would leak the whole
 * session through history, logs and Referer. A grant instead allows one thing: reading one file,
 * as one user, for a few minutes. It is `<expiry>.<userId>.<mac>`, with an HMAC-SHA256 under a key
 * kept in the database (server_secrets), so that it can be neither forged nor moved to another file,
 * and any server process on the database honours it, also after a restart.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const FILE_GRANT_TTL_MS = 10 * 60_000;

export interface GrantCheck {
  userId: string;
}

export class FileGrants {
  private key: Buffer | undefined;

  constructor(private readonly ttlMs = FILE_GRANT_TTL_MS) {}

  /** Takes the shared key (loadOrCreateSecret), once the database is open and before any request. */
  useKey(key: Buffer): void {
    this.key = key;
  }

  private mac(fileId: string, userId: string, expiresAt: number): string {
    if (!this.key) throw new Error('FileGrants used before its key was loaded');
    return createHmac('sha256', this.key).update(`${fileId}\n${userId}\n${expiresAt}`).digest('base64url');
  }

  issue(fileIds: readonly string[], userId: string, now = Date.now()): { grants: Record<string, string>; expiresAt: number } {
    const expiresAt = now + this.ttlMs;
    const grants = Object.fromEntries(fileIds.map((id) => [id, `${expiresAt}.${userId}.${this.mac(id, userId, expiresAt)}`]));
    return { grants, expiresAt };
  }

  /** The user a grant was issued to, when it is genuine, for this file and not expired. */
  verify(fileId: string, grant: unknown, now = Date.now()): GrantCheck | undefined {
    if (typeof grant !== 'string') return undefined;
    const match = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(grant);
    if (!match) return undefined;
    const expiresAt = Number(match[1]);
    const userId = match[2];
    const given = Buffer.from(match[3]);
    const expected = Buffer.from(this.mac(fileId, userId, expiresAt));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return expiresAt >= now ? { userId } : undefined;
  }
}
