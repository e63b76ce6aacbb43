/**
 * One data source of the dashboard: a module that reads its section with SQL aggregates inside the
 * route's read-only transaction. Adding a panel (credit notes, financing) is one more source and one
 * more key of DashboardSections; nothing else here changes.
 */
import type { DashboardSections } from '../../src/lib/dashboard';
import type { Tx } from '../db/tx';

export interface DashboardSource<K extends keyof DashboardSections = keyof DashboardSections> {
  key: K;
  /** `now` is the server's clock (ctx.now), for windows such as "the last 30 days". */
  load: (tx: Tx, now: Date) => Promise<DashboardSections[K]>;
}

/** Declares a source with its key and section type checked against each other. */
export const dashboardSource = <K extends keyof DashboardSections>(source: DashboardSource<K>): DashboardSource<K> => source;
