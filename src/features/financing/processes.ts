// This area's approval processes (spec §4.5), found by src/workflows/registry.ts (issue 39 item 2).
import { TASK_COMPONENT, twoStep, type ProcessDefinition } from '../../workflows/define';

// Not among spec §4.5's keys: the financing qualification (融资资格申请, DOMAIN.md "Financing") needs an approval of its own.
export const processes: readonly ProcessDefinition[] = [twoStep('Process_FINANCING_SIGN_UP', { component: TASK_COMPONENT.FINANCING, beyondSpec: true })];
