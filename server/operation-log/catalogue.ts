/** The operation log's part of the reference data (server/db/seed-data/catalogue.ts). */
import { PERMISSIONS } from '../../src/features/operation-log/permissions';
import { ROLE } from '../../src/lib/codes';
import type { AreaCatalogue } from '../db/seed-data/catalogue';

export const catalogue: AreaCatalogue = {
  // The operation log is exported too: an audit takes its evidence away.
  grants: { [ROLE.OP_AUDITOR]: [{ permissions: [PERMISSIONS.operationLog.export] }] },
  dictionaries: [
    // The operation log's actions (sys_operation_logs.action); issue 20 adds the changes it records.
    // The operation log's actions (sys_operation_logs.action, src/resources/operation-log.ts OPERATION_ACTION).
    {
      dictType: 'sys_oper_action',
      dictName: '操作类型',
      items: [
        ['REVEAL', '查看敏感信息', 'warning'],
        ['FORCE_LOGOUT', '强制退出', 'error'],
        ['CREATE', '新增', 'success'],
        ['UPDATE', '修改', 'processing'],
        ['DELETE', '删除', 'error'],
        ['REMOVE', '移除', 'error'],
        ['ROW_ACTION', '状态变更', 'processing'],
        ['PROPOSE', '提交变更申请', 'default'],
        ['SUBMIT', '提交审批', 'default'],
        ['PASSWORD_CHANGE', '修改密码', 'warning'],
        ['WF_START', '发起流程', 'default'],
        ['WF_CLAIM', '签收任务', 'default'],
        ['WF_PASS', '审批通过', 'success'],
        ['WF_REJECT', '审批驳回', 'error'],
        ['WF_WITHDRAW', '撤回', 'warning'],
        ['DISABLE', '停用', 'warning'],
        ['ENABLE', '启用', 'success'],
        ['RESET_PASSWORD', '重置密码', 'warning'],
        ['UNLOCK', '解锁', 'warning'],
        ['SPLIT', '拆分转让', 'processing'],
        ['ADD_NOTES', '白条入池', 'processing'],
        ['REMOVE_NOTE', '白条出池', 'default'],
        ['LOCK', '锁定资产包', 'warning'],
        ['ISSUE', '发行资产包', 'success'],
        ['SETTLE', '结清资产包', 'default'],
        ['START_REVIEW', '提交资料审核', 'default'],
        ['REGISTER', '中登初始登记', 'success'],
        ['AMEND', '中登变更登记', 'processing'],
        ['EXTEND', '中登展期登记', 'warning'],
        ['CANCEL', '中登注销登记', 'default'],
      ],
    },
  ],
};
