/** Dictionaries and configuration parameters the screens need from the first start. */
import { CONFIG_KEY } from '../../../src/lib/codes';
import { DEFAULT_UPLOAD_MAX_MB, UPLOAD_LIMIT_CONFIG_KEY } from '../../../src/lib/upload-limit';
import { CORPS } from './personas';
import { BUILTIN_FILES } from './brand';
import { CORPORATION_DICTIONARIES } from '../../corporations/dictionaries';
import { PRODUCT_DICTIONARIES } from '../../products/dictionaries';
import { QUOTA_DICTIONARIES } from '../../quotas/dictionaries';
import { ABS_DICTIONARIES } from '../../abs/dictionaries';
import { HELP_DICTIONARIES } from '../../help/dictionaries';
import { HOTLINE_DICTIONARIES } from '../../hotline/dictionaries';

type TagColour = 'success' | 'error' | 'processing' | 'warning' | 'default';

export interface DictSeed {
  dictType: string;
  dictName: string;
  remark?: string;
  /** [value, label, tag colour, isShow (default true)] in display order. */
  items: ReadonlyArray<readonly [string, string, TagColour, boolean?]>;
}

export const DICTIONARIES: readonly DictSeed[] = [
  {
    dictType: 'sys_normal_disable',
    dictName: '系统开关',
    items: [
      ['0', '正常', 'success'],
      ['1', '停用', 'error'],
    ],
  },
  {
    dictType: 'sys_yes_no',
    dictName: '系统是否',
    remark: '也用于参数类型：Y 内置，N 自定义',
    items: [
      ['Y', '是', 'processing'],
      ['N', '否', 'default'],
    ],
  },
  {
    dictType: 'sys_show_hide',
    dictName: '菜单状态',
    items: [
      ['0', '显示', 'success'],
      ['1', '隐藏', 'default'],
    ],
  },
  {
    dictType: 'export_status',
    dictName: '导出状态',
    items: [
      ['PROCESSING', '处理中', 'processing'],
      ['SUCCESS', '成功', 'success'],
      ['FAILURE', '失败', 'error'],
    ],
  },
  {
    dictType: 'content_status',
    dictName: '内容状态',
    items: [
      ['DRAFT', '草稿', 'default'],
      ['PUBLISHED', '已发布', 'success'],
      ['OFFLINE', '已下架', 'warning'],
    ],
  },
  {
    dictType: 'cert_status',
    dictName: '证书状态',
    items: [
      ['APPLYING', '申请中', 'processing'],
      ['VALID', '有效', 'success'],
      ['RENEWING', '续期中', 'processing'],
      ['EXPIRED', '已过期', 'error'],
      ['REVOKED', '已吊销', 'default'],
      ['REOPENING', '重新开通中', 'processing'],
      ['REFUSED', '申请未通过', 'default'],
    ],
  },
  {
    dictType: 'realname_status',
    dictName: '实名认证状态',
    items: [
      ['DRAFT', '草稿', 'default'],
      ['PENDING_FIRST', '待初审', 'processing'],
      ['PENDING_SECOND', '待复审', 'processing'],
      ['APPROVED', '已通过', 'success'],
      ['REJECTED', '已驳回', 'error'],
    ],
  },
  {
    dictType: 'approve_result',
    dictName: '审核结果',
    items: [
      ['PASS', '通过', 'success'],
      ['NOPASS', '不通过', 'error'],
      ['WAIT', '待审核', 'processing'],
    ],
  },
  {
    dictType: 'doc_file_type',
    dictName: '资料类型',
    items: [
      ['BASIC_INFO', '基础资料', 'default'],
      ['BUSI_CONTRACT', '商务合同', 'processing'],
      ['INVOICE', '发票', 'warning'],
      ['OTHER', '其他资料', 'default'],
    ],
  },
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
  // How a sign-in ended (sys_login_logs.status, src/lib/login-protection.ts).
  {
    dictType: 'sys_login_status',
    dictName: '登录结果',
    items: [
      ['SUCCESS', '登录成功', 'success'],
      ['FAILURE', '密码错误', 'warning'],
      ['LOCK', '锁定账户', 'error'],
      ['LOCKED', '锁定中拒绝', 'error'],
    ],
  },
  {
    dictType: 'task_status',
    dictName: '任务状态',
    items: [
      ['TODO', '待办', 'processing'],
      ['DONE', '已办', 'success'],
    ],
  },
  {
    dictType: 'invoice_type',
    dictName: '发票类型',
    remark: '仅 isShow 为真的条目在开票时可选',
    items: [
      ['VAT_SPECIAL', '增值税专用发票', 'processing'],
      ['VAT_NORMAL', '增值税普通发票', 'default'],
      ['VAT_E_SPECIAL', '增值税电子专用发票', 'processing'],
      ['VAT_E_NORMAL', '增值税电子普通发票', 'default'],
      ['MOTOR_VEHICLE', '机动车销售统一发票', 'default', false],
    ],
  },
  ...CORPORATION_DICTIONARIES,
  ...PRODUCT_DICTIONARIES,
  ...QUOTA_DICTIONARIES,
  ...ABS_DICTIONARIES,
  ...HELP_DICTIONARIES,
  ...HOTLINE_DICTIONARIES,
];

export interface ConfigSeed {
  configKey: string;
  configName: string;
  configValue: string;
  configType: 'Y' | 'N';
  remark?: string;
}

export const CONFIGS: readonly ConfigSeed[] = [
  {
    configKey: UPLOAD_LIMIT_CONFIG_KEY,
    configName: '上传文件大小上限（MB）',
    configValue: String(DEFAULT_UPLOAD_MAX_MB),
    configType: 'Y',
    remark: '单个上传文件的最大大小，单位 MB',
  },
  { configKey: CONFIG_KEY.downloadType, configName: '文件下载方式', configValue: 'FORM', configType: 'Y', remark: 'FORM 表单提交下载' },
  { configKey: CONFIG_KEY.payIssueCorpName, configName: '付款签发企业名称', configValue: '供应链金融服务平台运营中心', configType: 'Y' },
  { configKey: CONFIG_KEY.themeColor, configName: '平台主题色', configValue: '#2a6bfd', configType: 'Y' },
  { configKey: CONFIG_KEY.opShort, configName: '运营端简称', configValue: '运营管理', configType: 'Y' },
  { configKey: CONFIG_KEY.platformName, configName: '平台名称', configValue: '供应链金融服务平台', configType: 'Y' },
  {
    configKey: CONFIG_KEY.smsSignOpenCorps,
    configName: '短信签署开通企业',
    configType: 'Y',
    remark: 'JSON 数组：开通短信验证码签署的企业名称',
    configValue: JSON.stringify(CORPS.map((c) => c.corpName)),
  },
  {
    configKey: CONFIG_KEY.products,
    configName: '平台产品',
    configValue: JSON.stringify([
      { prdCode: 'CREDIT_NOTE', prdName: '信用凭证', prdShortName: '凭证' },
      { prdCode: 'AR_FINANCING', prdName: '应收账款融资', prdShortName: '应收融资' },
      { prdCode: 'REVERSE_FACTORING', prdName: '反向保理', prdShortName: '反保' },
    ]),
    configType: 'Y',
    remark: 'JSON 数组：prdCode 产品编码，prdName 产品名称，prdShortName 产品简称',
  },
  { configKey: CONFIG_KEY.certIssuer, configName: '证书签发机构', configValue: '中国金融认证中心（CFCA）', configType: 'Y', remark: '新签发证书的签发机构' },
  { configKey: CONFIG_KEY.logoFileId, configName: '平台 Logo 文件', configValue: BUILTIN_FILES.logo.id, configType: 'Y', remark: '公开文件的 id' },
  { configKey: CONFIG_KEY.faviconFileId, configName: '浏览器图标文件', configValue: BUILTIN_FILES.favicon.id, configType: 'Y', remark: '公开文件的 id' },
];
