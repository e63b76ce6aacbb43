/**
 * Browser hardening headers on every answer: the app, /api/web and the file GETs.
 *
 * The spec keeps the token in the script-set cookie Admin-Token, so the app's Content-Security-Policy
 * is what stands between an injected script and the session: scripts only from the app's own origin,
 * plus the build's few inline scripts of index.html (the loading screen's language and the first
 * screens' preloads) named by their SHA-256, read from the built file itself so a rebuild cannot
 * drift from the policy. Styles allow inline: antd writes its runtime styles as <style> elements.
 * A stored file is shown as itself, never as a page: `default-src 'none'; sandbox`.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../src/protocol/canonical';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** 'sha256-…' for each inline script of an HTML page, as CSP level 2 hashes them (the exact text, UTF-8). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(([, body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
}

export function appPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((hash) => ` ${hash}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
export const FILE_POLICY = "default-src 'none'; sandbox; frame-ancestors 'none'";

/** The GETs that answer a stored file (previews, snapshots, public logo, export downloads). */
const isFileAnswer = (path: string) => path.startsWith(`${API_BASE}/`) && /\/(show|preview|download)(\/|$)/.test(path);

/** index.html's inline-script hashes, re-read when the build replaces the file. */
function indexHashes(staticDir: string): () => string[] {
  let seen = -1;
  let hashes: string[] = [];
  return () => {
    const file = join(staticDir, 'index.html');
    let mtime: number;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      return [];
    }
    if (mtime !== seen) {
      hashes = inlineScriptHashes(readFileSync(file, 'utf8'));
      seen = mtime;
    }
    return hashes;
  };
}

export function installSecurityHeaders(app: FastifyInstance, staticDir: string): void {
  const hashes = indexHashes(staticDir);
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = request.url.split('?', 1)[0];
    const policy = isFileAnswer(path) ? FILE_POLICY : path === API_BASE || path.startsWith(`${API_BASE}/`) ? API_POLICY : appPolicy(hashes());
    reply.header('content-security-policy', policy);
    reply.header('x-frame-options', 'DENY');
    // File grants and download tickets are in URLs: no Referer carries them, or anything else, away.
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-content-type-options', 'nosniff');
    done(null, payload);
  });
}
