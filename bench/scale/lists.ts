/**
 * The calls a large group's operators make most, as their screens make them (filters and sorts the
 * screen allows), over a world of bench/scale/world.ts. `npm run bench:scale` times them;
 * tests/server/scale-plans.test.ts checks the plan of every query they run, so a list the benchmark
 * times is a list whose plan CI checks.
 */
import { DASHBOARD_SOURCES } from '../../server/dashboard/routes';
import { ABS_API } from '../../src/lib/abs';
import { BILL_API } from '../../src/lib/bills';
import { FINANCING_CALLS } from '../../src/lib/financing';
import { FIRST_VIEW_ROWS } from '../../src/lib/group-tree';
import { REDEMPTION_CALLS } from '../../src/lib/redemption';
import { SCALE_IDS, type ScaleSizes } from './world';

export interface ScaleCall {
  label: string;
  path: string;
  body: Record<string, unknown>;
  /** The goal for its p95, ms (issue 42). */
  goalMs: number;
  /** Who calls it: a list or a count that depends on the caller's roles is timed as each role sees it (default op_admin). */
  persona?: 'op_admin' | 'op_handler' | 'op_director' | 'op_auditor';
  /** A paged list: timed at page 1 and at a deep page. */
  paged: boolean;
}

export const DEEP_PAGE = 40;

export function busyLists(sizes: ScaleSizes): ScaleCall[] {
  const list = (label: string, path: string, body: Record<string, unknown>, persona?: ScaleCall['persona']): ScaleCall => ({
    label,
    path,
    body: { pageSize: 20, ...body },
    goalMs: 30,
    paged: true,
    ...(persona ? { persona } : {}),
  });
  return [
    list('credit notes of one holder, issued, by due date', '/op/v1/credit-notes/notes/page', { holderCorpId: SCALE_IDS.holder(sizes), status: 'ISSUED' }),
    list('credit notes, all, by due date', '/op/v1/credit-notes/notes/page', {}),
    // 票据编号 contains what is typed: the last eight digits of a note issued mid-year, found with its split parts.
    list('credit notes found by number', '/op/v1/credit-notes/notes/page', { noteNo: SCALE_IDS.noteNoPart(sizes) }),
    list('quota ledger of one account', '/op/v1/quotas/ledger/page', { accountId: SCALE_IDS.account }),
    // The to-do list is each role's own (its tasks by working role): timed as each of them sees it.
    list('to-do of a director', '/op/v1/workflow/tasks/todo/page', {}, 'op_director'),
    list('to-do of a handler', '/op/v1/workflow/tasks/todo/page', {}, 'op_handler'),
    list('to-do of the administrator (every role)', '/op/v1/workflow/tasks/todo/page', {}),
    list('approval instances', '/op/v1/workflow/instances/page', {}),
    list('corporations, newest first', '/op/v1/corporations/page', {}),
    list('corporations found by name', '/op/v1/corporations/page', { corpName: '规模供应商12' }),
    list('operation log, newest first', '/op/v1/sys/operation-logs/page', {}),
    list('operation log of one action', '/op/v1/sys/operation-logs/page', { action: 'DELETE' }),
    // The settlement and financing areas' lists, each as its screen asks: its page size, its default tab or no filter, and its search.
    // 付款审核 opens on the payments waiting for audit, ten a page; its other tab lists the approved ones.
    list('payments waiting for audit', REDEMPTION_CALLS.payments, { status: 'PENDING', pageSize: 10 }),
    list('payments approved', REDEMPTION_CALLS.payments, { status: 'APPROVED', pageSize: 10 }),
    list('financing applications, newest first', FINANCING_CALLS.page, { pageSize: 10 }),
    list('financing applications found by supplier name', FINANCING_CALLS.page, { supplierName: '规模供应商12', pageSize: 10 }),
    list('bills, newest month first', `${BILL_API}/page`, {}),
    list('bills of last month', `${BILL_API}/page`, { period: lastMonth() }),
    list('asset packages, newest first', `${ABS_API}/packages/page`, { pageSize: 10 }),
  ];
}

/** The month before this one, 'YYYY-MM' (the world bills every past month; the latest is last month's). */
function lastMonth(): string {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * The group tree as its page calls it (issue 42: a level under 30 ms, a search under 50 ms, a move's
 * re-check under 100 ms): the page's first view (the roots and the levels its rule opens, a level's
 * query each, so two levels' goal), the first level, the group's branches, a department's name
 * searched, and the checks of a move of the last department (one with no quota account: the world gives accounts to the
 * first units) under the group's root.
 */
export function treeCalls(sizes: ScaleSizes): ScaleCall[] {
  const call = (label: string, path: string, body: Record<string, unknown>, goalMs: number): ScaleCall => ({ label, path, body, goalMs, paged: false });
  return [
    call('group tree, first view', '/op/v1/group/units/first-view', { rows: FIRST_VIEW_ROWS }, 60),
    call('group tree, first level', '/op/v1/group/units/children', {}, 30),
    call('group tree, the group’s branches', '/op/v1/group/units/children', { parentId: SCALE_IDS.group }, 30),
    call('group tree, a branch’s departments', '/op/v1/group/units/children', { parentId: SCALE_IDS.branch }, 30),
    call('group tree, search by name', '/op/v1/group/units/search', { keyword: '规模项目部12' }, 50),
    call('group tree, move check', '/op/v1/group/units/move-check', { id: `sc-unit-${sizes.units}`, dataVersion: 0, parentId: SCALE_IDS.group }, 100),
  ];
}

/** The to-do badge every page of the shell asks for, as each role sees it: a count that stops at its bound. */
export function badgeCalls(): ScaleCall[] {
  const count = (label: string, persona: ScaleCall['persona']): ScaleCall => ({
    label,
    path: '/op/v1/workflow/tasks/pending-count',
    body: {},
    goalMs: 30,
    paged: false,
    persona,
  });
  return [
    count('to-do count of a director', 'op_director'),
    count('to-do count of a handler', 'op_handler'),
    count('to-do count of the administrator', 'op_admin'),
  ];
}

/**
 * The data dashboard as its page calls it (every section in one snapshot), and each section alone (the
 * route's `section`: one area's panels), so a slow panel shows by name. The goal is 100 ms a panel; the
 * whole page is held to it too, as the page waits for its one call.
 */
export function dashboardCalls(): ScaleCall[] {
  const call = (label: string, body: Record<string, unknown>): ScaleCall => ({ label, path: '/op/v1/dashboard/overview', body, goalMs: 100, paged: false });
  return [
    call('data dashboard (every panel)', {}),
    ...DASHBOARD_SOURCES.map((source) => call(`data dashboard, ${source.key} panels alone`, { section: source.key })),
  ];
}

/** Whole-page calls: the dashboard's figures, the group tree's and the to-do badge's. */
export function screenCalls(sizes: ScaleSizes): ScaleCall[] {
  return [...dashboardCalls(), ...treeCalls(sizes), ...badgeCalls()];
}
