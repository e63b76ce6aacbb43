/** What route modules need, built once per app by buildApp. */
import type { CallCentre } from './call-centre';
import type { Db } from './db/open';
import type { DemoOutbox } from './demo-outbox';
import type { ExportService } from './exports/service';
import type { FileGrants } from './files/grants';
import type { FileStore } from './files/store';
import type { ScryptCost } from './security/password-hash';
import type { RsaKeys } from './security/rsa';
import type { SessionStore } from './security/sessions';
import type { WorkflowEngine } from './workflow/engine';

export interface AppContext {
  db: Db;
  keys: RsaKeys;
  sessions: SessionStore;
  /** Cost of newly made password hashes; stored hashes carry their own. */
  passwordCost: ScryptCost;
  /** Spends a password verification's time for a login that cannot succeed. */
  verifyDecoy: () => Promise<void>;
  /** Exports of filtered lists and their download tickets. */
  exports: ExportService;
  /** The approval engine: other modules start processes and hear of their end through it. */
  workflow: WorkflowEngine;
  /** Demo mode (AppOptions.demoMode): demo data is seeded, and outside deliveries go to the demo outbox. */
  demoMode: boolean;
  /** In demo mode, where SMS codes and bank micro payments are delivered (no gateway, no bank); otherwise undefined. */
  demoOutbox: DemoOutbox | undefined;
  /** The clock of time-limited rules (SMS code expiry, resend wait); tests move it. */
  now: () => number;
  /** Stored files (DATA_DIR/files) and their metadata. */
  files: FileStore;
  /** View grants for the file GETs that <img> tags load. */
  fileGrants: FileGrants;
  /** The call centre behind the hotline (server/call-centre): the stand-in unless AppOptions names one. */
  callCentre: CallCentre;
}
