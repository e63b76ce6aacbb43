// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { linear, twoStep, type ProcessDefinition } from '../../workflows/define';
import { currentOf, lastFour, text, valuesOf, type SummaryRule } from '../../workflows/summaries';

const s = (name: string) => `workflow:summary.${name}`;

const manager: SummaryRule = (record) => {
  const v = valuesOf(record);
  return { key: s('manager'), values: { corp: text(v, 'corpName'), manager: text(v, 'managerName') }, number: text(v, 'corpName') };
};

const renaming: SummaryRule = (record) => ({
  key: s('renaming'),
  values: { from: text(currentOf(record), 'corpName'), to: text(valuesOf(record), 'corpName') },
  number: text(currentOf(record), 'creditCode') || text(currentOf(record), 'corpName'),
});

const coreAdmitCreate: SummaryRule = (record) => {
  const v = valuesOf(record);
  return { key: s('coreAdmitCreate'), values: { corp: text(v, 'corpName'), creditCode: text(v, 'creditCode') }, number: text(v, 'creditCode') };
};

const coreAdmitUpdate: SummaryRule = (record) => {
  const v = valuesOf(record);
  const corp = text(currentOf(record), 'corpName') || text(v, 'corpName');
  return { key: s('coreAdmitUpdate'), values: { corp, creditCode: text(v, 'creditCode') }, number: text(v, 'creditCode') || corp };
};

/** An account is named as it is now (its holder, bank and last four digits), even where the change moves them. */
const bankAccount =
  (name: string): SummaryRule =>
  (record) => {
    const now = { ...valuesOf(record), ...currentOf(record) };
    const values = { corp: text(now, 'holderName'), bank: text(now, 'bankName'), last4: lastFour(now.accountNo) };
    return { key: s(name), values, number: { key: s('accountNo'), values } };
  };

export const processes: readonly ProcessDefinition[] = [
  twoStep('Process_CORP_MANAGER_UPDATE', { summary: manager }),
  // The handler submits the new name; two different directors review it (four-eyes), the name changes at the second's pass.
  linear(
    'Process_CORP_RENAMING',
    [
      ['Submit', 'edit'],
      ['InitialReview', 'approve'],
      ['SecondReview', 'APPROVE'],
    ],
    { summary: renaming },
  ),
  twoStep('PROCESS_ACCOUNT_USAGE_TEMP', { summary: bankAccount('accountUsage') }),
  twoStep('PROCESS_ACCOUNT_TEMP', { summary: bankAccount('account') }),
  twoStep('Process_CI_CORE_ADMIT_CREATE', { summary: coreAdmitCreate }),
  twoStep('Process_CI_CORE_ADMIT_UPDATE', { summary: coreAdmitUpdate }),
];
