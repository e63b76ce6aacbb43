/** Dictionaries and configuration parameters the screens need from the first start. */
import { CONFIG_KEY } from '../../../src/lib/codes';
import { DEFAULT_UPLOAD_MAX_MB, UPLOAD_LIMIT_CONFIG_KEY } from '../../../src/lib/upload-limit';
import { CORPS } from './personas';
import { BUILTIN_FILES } from './brand';
import { AREA_CATALOGUES } from './catalogue';

type TagColour = 'success' | 'error' | 'processing' | 'warning' | 'default';

export interface DictSeed {
  dictType: string;
  dictName: string;
  remark?: string;
  /** [value, label, tag colour, isShow (default true)] in display order. */
  items: ReadonlyArray<readonly [string, string, TagColour, boolean?]>;
}

/** The platform's own dictionaries; each area brings its own in its catalogue (./catalogue.ts). */
const PLATFORM_DICTIONARIES: readonly DictSeed[] = [
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
];

/** Every seeded dictionary: the platform's, then each area's in folder order. A type declared twice stops the start. */
export function assembleDictionaries(platform: readonly DictSeed[], catalogues: typeof AREA_CATALOGUES): DictSeed[] {
  const all = [...platform, ...catalogues.flatMap(({ catalogue }) => catalogue.dictionaries ?? [])];
  const seen = new Set<string>();
  for (const dict of all) {
    if (seen.has(dict.dictType)) throw new Error(`dictionary ${dict.dictType} is declared twice`);
    seen.add(dict.dictType);
  }
  return all;
}

export const DICTIONARIES: readonly DictSeed[] = assembleDictionaries(PLATFORM_DICTIONARIES, AREA_CATALOGUES);

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
