/** The summary rules: one per process of the registry, each naming its record and party in the locale's words. */
import { describe, expect, it } from 'vitest';
import { translate } from '../../../server/i18n';
import { PROCESS_DEFINITIONS, PROCESS_KEYS } from '../../../src/workflows/registry';
import { lastFour, summaryRuleOf, summaryText } from '../../../src/workflows/summaries';

const summaryOf = (processKey: string, record: Record<string, unknown>) => summaryText(summaryRuleOf(PROCESS_DEFINITIONS[processKey])!, record, translate);

describe('summary rules', () => {
  it('every process has one, and each resolves to locale text even over an empty record', () => {
    for (const key of PROCESS_KEYS) {
      const rule = summaryRuleOf(PROCESS_DEFINITIONS[key]);
      expect(rule, key).toBeDefined();
      // translate throws on an unknown key, so a rule naming a missing message fails here.
      expect(summaryOf(key, {}), key).not.toMatch(/undefined|\{\{/);
    }
  });

  it('takes the rule an area declares with its process (the bills area declares its own)', () => {
    expect(PROCESS_DEFINITIONS.Process_BILL_MANAGE.summary).toBeDefined();
    const record = { billNo: 'BL202611001', corpName: '华东建设集团', period: '2026-11', feeAmount: '1234.5' };
    expect(summaryOf('Process_BILL_MANAGE', record)).toContain('BL202611001');
    expect(summaryOf('Process_BILL_MANAGE', record)).toContain('1,234.50');
  });

  it('an account-purpose change names the corporation, the bank and the last four digits of the masked account', () => {
    const record = {
      action: 'update',
      current: { holderName: '华东建设集团', bankName: '中国建设银行', accountNo: '6222****1234' },
      values: { holderName: '华东建设集团', bankName: '中国建设银行', accountNo: '6222****1234', usage: 'SETTLEMENT' },
    };
    expect(summaryOf('PROCESS_ACCOUNT_USAGE_TEMP', record)).toBe('变更账户用途：华东建设集团，中国建设银行 尾号 1234');
  });

  it('an administrator change names the corporation and the new administrator', () => {
    const record = { action: 'update', current: { corpName: '华东建设集团', managerName: '李四' }, values: { corpName: '华东建设集团', managerName: '王五' } };
    expect(summaryOf('Process_CORP_MANAGER_UPDATE', record)).toBe('管理员变更：华东建设集团，新管理员 王五');
  });

  it('a renaming names the old and the new name', () => {
    expect(summaryOf('Process_CORP_RENAMING', { action: 'update', current: { corpName: '旧名有限公司' }, values: { corpName: '新名有限公司' } })).toBe(
      '企业自主更名：旧名有限公司 → 新名有限公司',
    );
  });

  it('amounts read in the app money format, exact to the fen', () => {
    expect(summaryOf('Process_LMT_DISPATCH_AUDIT', { type: 'DISPATCH', kind: 'PLATFORM', unitName: '华东分公司', amount: '1000000.05' })).toContain(
      '¥1,000,000.05',
    );
    expect(summaryOf('Process_CREDIT_ISSUE', { batchNo: 'IB202611280001', count: '2', amount: '12345.67' })).toBe(
      '签发数据 IB202611280001：2 笔，合计 ¥12,345.67',
    );
  });

  it('lastFour reads the last four characters of a masked or clear number, nothing from a short or missing one', () => {
    expect(lastFour('6222****9876')).toBe('9876');
    expect(lastFour('6222 0000 1111 2222')).toBe('2222');
    expect(lastFour('12')).toBe('');
    expect(lastFour(null)).toBe('');
  });
});
