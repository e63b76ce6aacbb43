/**
 * The areas' catalogues (server/db/seed-data/catalogue.ts, issue 39 item 2): each area declares its menus,
 * the seeded roles' grants of its permissions and its dictionaries in server/<area>/catalogue.ts, and the
 * seed data assembles them. What holds whatever areas there are: every catalogue on disk is found; every
 * rule grants something that exists; every page names a directory and a known permission; and an area
 * added is placed among the others, while a conflict stops the start instead of one silently winning.
 */
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { knownPermissions } from '../../src/crud/resource';
import { ROLE } from '../../src/lib/codes';
import { expandGrants } from '../../src/lib/grants';
import { PERMISSIONS } from '../../src/features/quotas/permissions';
import { AREA_CATALOGUES, type AreaCatalogue } from '../../server/db/seed-data/catalogue';
import { assembleDictionaries, DICTIONARIES } from '../../server/db/seed-data/dictionaries';
import { assembleMenuTree, MENU_TREE, type MenuSeed } from '../../server/db/seed-data/menus';
import { ROLES, rolesWithAreaGrants } from '../../server/db/seed-data/personas';
import { RESOURCES } from '../../server/resources/registry';

const known = new Set(knownPermissions(RESOURCES));
const directories = MENU_TREE.filter((node) => node.children !== undefined).map((node) => ({ ...node, children: [] }));
const flat = (tree: readonly MenuSeed[]): MenuSeed[] => tree.flatMap((node) => [node, ...flat(node.children ?? [])]);
const plus = (area: string, catalogue: AreaCatalogue) => [...AREA_CATALOGUES, { area, catalogue }];

describe('the areas’ catalogues', () => {
  it('are every server/<area>/catalogue.ts on disk, found in folder order', () => {
    const server = new URL('../../server/', import.meta.url);
    const onDisk = readdirSync(server).filter((folder) => existsSync(new URL(`${folder}/catalogue.ts`, server)));
    expect(AREA_CATALOGUES.map((c) => c.area)).toEqual(onDisk.sort());
    expect(onDisk.length).toBeGreaterThan(10);
  });

  it('grant only what exists: each rule grants a known permission, each page names one', () => {
    for (const { area, catalogue } of AREA_CATALOGUES) {
      for (const [role, rules] of Object.entries(catalogue.grants ?? {})) {
        for (const rule of rules ?? []) {
          expect(expandGrants([rule], known).length, `${area} → ${role}: ${JSON.stringify(rule)}`).toBeGreaterThan(0);
          if ('permissions' in rule) for (const p of rule.permissions) expect(known.has(p), `${area}: ${p}`).toBe(true);
        }
      }
      for (const menu of flat(catalogue.menus ?? [])) if (menu.permission) expect(known.has(menu.permission), `${area}: ${menu.uri}`).toBe(true);
    }
  });

  it('leave the central seed naming no area: its directories hold only the areas’ pages', () => {
    const areaUris = new Set(AREA_CATALOGUES.flatMap(({ catalogue }) => flat(catalogue.menus ?? []).map((m) => m.uri)));
    for (const node of flat(MENU_TREE)) expect(areaUris.has(node.uri) || directories.some((d) => d.uri === node.uri), node.uri).toBe(true);
    // Every working role's rules come from the areas, but the auditor's read of everything.
    const auditor = ROLES.find((r) => r.code === ROLE.OP_AUDITOR)!;
    expect(auditor.grants).toContainEqual({ resources: '*', actions: expect.any(Array) });
    expect(DICTIONARIES.filter((d) => !AREA_CATALOGUES.some(({ catalogue }) => catalogue.dictionaries?.includes(d))).map((d) => d.dictType)).toEqual([
      'sys_normal_disable',
      'sys_yes_no',
      'sys_show_hide',
    ]);
  });

  it('place a new area’s page, grant and dictionary among the others', () => {
    const catalogue: AreaCatalogue = {
      menus: [{ parent: 'quota', uri: 'quota:forecast', title: '额度预测', path: 'forecast', order: 15, permission: PERMISSIONS.quota.list }],
      grants: { [ROLE.OP_HANDLER]: [{ permissions: [PERMISSIONS.quota.export] }] },
      dictionaries: [{ dictType: 'forecast_kind', dictName: '预测类型', items: [['A', '甲', 'default']] }],
    };
    const quota = assembleMenuTree(directories, plus('forecast', catalogue)).find((node) => node.uri === 'quota')!;
    expect(quota.children!.map((c) => c.uri)).toEqual(['quota:account', 'quota:forecast', 'quota:dispatch', 'quota:ledger']);
    const handler = rolesWithAreaGrants(ROLES, plus('forecast', catalogue)).find((r) => r.code === ROLE.OP_HANDLER)!;
    expect(expandGrants(handler.grants, known)).toContain(PERMISSIONS.quota.export);
    expect(ROLES.find((r) => r.code === ROLE.OP_HANDLER)!.grants).not.toContainEqual({ permissions: [PERMISSIONS.quota.export] });
    expect(assembleDictionaries([], plus('forecast', catalogue)).map((d) => d.dictType)).toContain('forecast_kind');
  });

  it('stop the start on a conflict rather than let one area silently win', () => {
    const page = (extra: object) => ({ menus: [{ parent: 'quota', uri: 'quota:forecast', title: '额度预测', path: 'forecast', order: 15, ...extra }] });
    expect(() => assembleMenuTree(directories, plus('x', page({ parent: 'nowhere' })))).toThrow(/names no seeded directory nowhere/);
    expect(() => assembleMenuTree(directories, plus('x', page({ uri: 'quota:account' })))).toThrow(/quota:account is declared twice/);
    expect(() => assembleMenuTree(directories, plus('x', page({ order: undefined })))).toThrow(/has no order/);
    expect(() => rolesWithAreaGrants(ROLES, plus('x', { grants: { [ROLE.ADMIN]: [{ permissions: [PERMISSIONS.quota.list] }] } }))).toThrow(
      /no seeded working role/,
    );
    const twice = { dictionaries: [{ dictType: 'task_status', dictName: '任务状态', items: [['TODO', '待办', 'processing'] as const] }] };
    expect(() => assembleDictionaries([], plus('x', twice))).toThrow(/task_status is declared twice/);
  });
});
