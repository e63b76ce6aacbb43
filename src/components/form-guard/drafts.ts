/**
 * Drafts of the guarded forms kept across a session's expiry (issue 26): sealed with a fresh AES key,
 * itself RSA-wrapped for the server with the user's id (src/lib/form-drafts.ts), so nothing in the
 * tab's storage, which the browser may write to disk, is readable without the server; sensitive
 * fields are left out by the forms (useFormGuard's exclude). Offered back on the same page after the
 * next sign-in, and read once.
 */
import CryptoJS from 'crypto-js/core.js';
import 'crypto-js/enc-base64.js';
import 'crypto-js/cipher-core.js';
import 'crypto-js/aes.js';
import { FORM_DRAFT_CALLS } from '../../lib/form-drafts';
import { desDecrypt } from '../../protocol/des';
import { api } from '../../providers/http';
import { FORM_DRAFTS_KEY, getSessionKeys } from '../../providers/session';
import { guardedForms, leaveForSignIn, setDraftSealer } from './guarded-forms';

/** Drafts in the tab: sessionStorage (kept by the tab, gone with it), never a value in clear. */
const STORE = FORM_DRAFTS_KEY;

interface StoredDrafts {
  returnTo: string;
  wrappedKey: string;
  items: Array<{ id: string; path: string; iv: string; cipher: string }>;
}

export interface Draft {
  values: Record<string, unknown>;
  context?: Record<string, unknown>;
}

const randomHex = (bytes: number) => [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');

function readStore(): StoredDrafts | undefined {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STORE) ?? 'null') as StoredDrafts | null;
    return parsed && Array.isArray(parsed.items) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The drafts of every dirty form, sealed, for when the session's end sends the tab to sign in: the
 * 401 handler seals them (sealDraftsNow) before it clears the session, which takes the server's
 * public key with it, and keeps them after. Never throws: a draft that cannot be kept must not keep
 * the operator from signing in again.
 */
function sealDrafts(userId: string | undefined, returnTo: string): string | undefined {
  leaveForSignIn();
  const forms = guardedForms.all();
  if (forms.length === 0 || !userId || !getSessionKeys() || !rsa) return undefined;
  try {
    const key = randomHex(32);
    const { rsaEncrypt } = rsa;
    const wrappedKey = rsaEncrypt(JSON.stringify({ userId, key }), getSessionKeys()!.publicKey);
    const items = forms.map((form) => {
      const iv = randomHex(16);
      const plain = JSON.stringify({ values: form.values(), context: form.context } satisfies Draft);
      const cipher = CryptoJS.AES.encrypt(plain, CryptoJS.enc.Hex.parse(key), { iv: CryptoJS.enc.Hex.parse(iv) }).toString();
      return { id: form.id, path: form.path, iv, cipher };
    });
    return JSON.stringify({ returnTo, wrappedKey, items } satisfies StoredDrafts);
  } catch {
    return undefined; // nothing kept: the sign-in goes on
  }
}

// Synchronous when it matters: the 401 handler seals before anything else can clear or leave the tab,
// so the RSA module is loaded with the first guarded form, not at the expiry.
let rsa: typeof import('../../protocol/rsa') | undefined;
void import('../../protocol/rsa').then((module) => {
  rsa = module;
  setDraftSealer(sealDrafts);
});

export const hasDraft = (path: string, id: string) => !!readStore()?.items.some((item) => item.path === path && item.id === id);

let openedKey: Promise<string> | undefined;

/** The draft of this form on this page, opened with the server's help; removed from the tab once read. */
export async function takeDraft(path: string, id: string): Promise<Draft | undefined> {
  const stored = readStore();
  const item = stored?.items.find((i) => i.path === path && i.id === id);
  if (!stored || !item) return undefined;
  openedKey ??= api
    .post<{ key: string }>(FORM_DRAFT_CALLS.openKey, { wrappedKey: stored.wrappedKey })
    .then(({ key }) => desDecrypt(key, getSessionKeys()!.sessionKey));
  try {
    const key = await openedKey;
    const plain = CryptoJS.AES.decrypt(item.cipher, CryptoJS.enc.Hex.parse(key), { iv: CryptoJS.enc.Hex.parse(item.iv) }).toString(CryptoJS.enc.Utf8);
    return JSON.parse(plain) as Draft;
  } finally {
    dropDraft(path, id);
  }
}

export function dropDraft(path: string, id: string): void {
  const stored = readStore();
  if (!stored) return;
  const items = stored.items.filter((i) => !(i.path === path && i.id === id));
  if (items.length === 0) {
    sessionStorage.removeItem(STORE);
    openedKey = undefined;
  } else sessionStorage.setItem(STORE, JSON.stringify({ ...stored, items }));
}
