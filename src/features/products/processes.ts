// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { TASK_COMPONENT, twoStep, type ProcessDefinition } from '../../workflows/define';

export const processes: readonly ProcessDefinition[] = [
  twoStep('Process_CREDIT_PRODUCT_FINANCE'),
  twoStep('Process_CREDIT_PRODUCT_CORE_FINANCE'),
  twoStep('Process_CREDIT_PRODUCT_CORE'),
  twoStep('Process_CREDIT_AGREEMENT'),
  twoStep('Process_PRICE_CONFIG_CREATE', { type: 'page', url: '/op/price/config', component: TASK_COMPONENT.PRICE_POLICY }),
  twoStep('Process_RF_PROD_CORE'),
  twoStep('Process_RF_PROD_FINANCE'),
  twoStep('Process_RF_PROD_CORE_FINANCE'),
  twoStep('Process_RF_AGREEMENT'),
];
