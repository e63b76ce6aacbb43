/**
 * The auditor's permission matrix (npm run audit:permissions), computed from the seeded grants by the
 * route guard's decision over the routes a freshly built server declares (a build of the demo world:
 * minutes on a loaded machine, hence the long timeout).
 */
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../server/resources/registry';
import { AUDIT_ACTIONS } from '../../server/audit/permission-matrix';
import { computeMatrix } from '../../server/audit/run';

describe('permission matrix', () => {
  it('shows the seeded grants through hasPermission: auditor reads only, handler nothing of the system area', async () => {
    const { table, csv } = await computeMatrix();
    const lines = csv.split('\n');
    expect(lines[0]).toBe('persona,resource,action,permission,result');
    expect(lines).toContain('op_auditor,dict-types,list,system:dict:list,allowed');
    expect(lines).toContain('op_auditor,configs,edit,system:config:edit,denied');
    expect(lines).toContain('op_handler,configs,list,system:config:list,denied');
    expect(lines).toContain('op_admin,dict-datas,export,system:dictData:export,allowed');
    expect(lines).toContain('op_admin,export-records,add,,-');
    // Roles and staff accounts declare only their read permissions; their routes demand the writes'.
    expect(lines).toContain('op_admin,roles,add,system:role:add,allowed');
    expect(lines).toContain('op_admin,staffs,edit,system:user:edit,allowed');
    expect(lines).toContain('op_auditor,roles,remove,system:role:remove,denied');
    // 7 personas × every declared resource × 6 actions: a new resource joins the matrix by itself.
    expect(lines).toHaveLength(1 + 7 * RESOURCES.length * AUDIT_ACTIONS.length);
    expect(table).toMatch(/op_auditor\s+configs\s+allowed\s+allowed\s+denied\s+denied\s+denied\s+denied/);
  }, 600_000);
});
