// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { TASK_COMPONENT, twoStep, type ProcessDefinition } from '../../workflows/define';
import { actionOf, text, valuesOf, type SummaryRule } from '../../workflows/summaries';

/** A product of any category and offer: its name and code, and its parties. */
const product: SummaryRule = (record) => {
  const v = valuesOf(record);
  // Parties are references: their labels stand beside the ids (server/crud/references.ts).
  const parties = [text(v, 'coreCorpIdLabel'), text(v, 'financeCorpIdLabel')].filter(Boolean).join(' / ');
  return {
    key: 'workflow:summary.product',
    values: { action: actionOf(record), name: text(v, 'prdName'), code: text(v, 'prdCode'), parties },
    number: text(v, 'prdCode'),
  };
};

const agreement: SummaryRule = (record) => {
  const v = valuesOf(record);
  return {
    key: 'workflow:summary.agreement',
    values: {
      action: actionOf(record),
      name: text(v, 'agreementName'),
      code: text(v, 'agreementCode'),
      core: text(v, 'coreCorpIdLabel'),
      finance: text(v, 'financeCorpIdLabel'),
    },
    number: text(v, 'agreementCode'),
  };
};

const pricePolicy: SummaryRule = (record) => {
  const v = valuesOf(record);
  return {
    key: 'workflow:summary.pricePolicy',
    values: { name: text(v, 'policyName'), code: text(v, 'productIdLabel'), core: text(v, 'coreCorpIdLabel') },
    number: text(v, 'policyName'),
  };
};

export const processes: readonly ProcessDefinition[] = [
  twoStep('Process_CREDIT_PRODUCT_FINANCE', { summary: product }),
  twoStep('Process_CREDIT_PRODUCT_CORE_FINANCE', { summary: product }),
  twoStep('Process_CREDIT_PRODUCT_CORE', { summary: product }),
  twoStep('Process_CREDIT_AGREEMENT', { summary: agreement }),
  twoStep('Process_PRICE_CONFIG_CREATE', { type: 'page', url: '/op/price/config', component: TASK_COMPONENT.PRICE_POLICY, summary: pricePolicy }),
  twoStep('Process_RF_PROD_CORE', { summary: product }),
  twoStep('Process_RF_PROD_FINANCE', { summary: product }),
  twoStep('Process_RF_PROD_CORE_FINANCE', { summary: product }),
  twoStep('Process_RF_AGREEMENT', { summary: agreement }),
];
