/**
 * Drafts of forms kept across a session's expiry (issue 26), the rules both sides share. The browser
 * encrypts a draft's values with a fresh AES key and keeps, beside the ciphertext, only that key
 * RSA-encrypted with the server's public key together with the user's id: what lies in the tab's
 * storage (and so on disk) is unreadable without the server. After the next sign-in, the server opens
 * the key for the same user only, answering it DES-encrypted under the new session key.
 */
export const FORM_DRAFT_CALLS = { openKey: '/op/v1/form-drafts/open-key' } as const;

/** What the RSA-wrapped key holds: the AES key (hex) and whose draft it is. */
export interface WrappedDraftKey {
  userId: string;
  key: string;
}
