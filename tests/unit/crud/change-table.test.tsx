// @vitest-environment jsdom
/** The change views: every field labelled from the locale files, 已修改 only where the value moved, people by name. */
import '../shell/dom';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../src/providers/i18n-app';
import { ChangeHistory } from '../../../src/crud/approval/ChangeHistory';
import { ChangeTable } from '../../../src/crud/approval/ChangeTable';
import type { PendingChange } from '../../../src/crud/resource';
import { managerChangeResource } from '../../../src/features/corporations/changes';

const record = { id: 'c1', corpName: '华东建设集团有限公司', creditCode: '91310000MA1K000001', managerName: '王五', managerMobile: '138****5678' };

const change = (over: Partial<PendingChange>): PendingChange => ({
  id: 'ch1',
  resource: managerChangeResource.name,
  recordId: 'c1',
  action: 'update',
  processKey: 'Process_CORP_MANAGER_UPDATE',
  instanceId: 'i1',
  proposed: { managerName: '王五' },
  previous: { managerName: '李四' },
  status: 'RUNNING',
  createBy: 'op_handler',
  createTime: '2026-11-28T02:00:00.000Z',
  endTime: null,
  ...over,
});

const rowOf = (table: HTMLElement, field: string) => table.querySelector<HTMLElement>(`tr[data-field="${field}"]`)!;

describe('ChangeTable', () => {
  it('while running: names the record (read-only context), labels every field and marks only the proposed one', () => {
    render(<ChangeTable resource={managerChangeResource} record={{ ...record, managerName: '李四' }} change={change({})} />);
    const table = screen.getByTestId(`${managerChangeResource.name}-change`);
    expect(table.textContent).toContain('华东建设集团有限公司');
    expect(table.textContent).not.toMatch(/managerName|managerMobile|corpName/);
    expect(rowOf(table, 'managerName').dataset.changed).toBe('true');
    expect(within(rowOf(table, 'managerName')).getByText('已修改')).toBeTruthy();
    for (const field of ['managerMobile', 'corpName', 'creditCode']) expect(rowOf(table, field).dataset.changed, field).toBe('false');
    expect(screen.getByText('当前值')).toBeTruthy();
  });

  it('after approval: the record already holds the new value; the change is read against its previous values', () => {
    render(<ChangeTable resource={managerChangeResource} record={record} change={change({ status: 'APPROVED', endTime: '2026-11-28T03:00:00.000Z' })} />);
    const table = screen.getByTestId(`${managerChangeResource.name}-change`);
    expect(screen.getByText('变更前')).toBeTruthy();
    expect(rowOf(table, 'managerName').textContent).toContain('李四');
    expect(rowOf(table, 'managerName').dataset.changed).toBe('true');
    expect(rowOf(table, 'managerMobile').dataset.changed).toBe('false');
  });

  it('a proposed value equal to the one it replaces is not marked', () => {
    render(
      <ChangeTable
        resource={managerChangeResource}
        record={record}
        change={change({ proposed: { managerName: '王五' }, previous: { managerName: '王五' }, status: 'APPROVED' })}
      />,
    );
    expect(rowOf(screen.getByTestId(`${managerChangeResource.name}-change`), 'managerName').dataset.changed).toBe('false');
  });
});

describe('ChangeHistory', () => {
  it('labels the fields of a change proposed through another declaration of the scope, and names its proposer', () => {
    const admission = change({
      resource: 'core-admissions',
      proposed: { managerName: '王五', legalPersonIdCard: '3101****1234', registeredAddress: '上海市' },
      createByName: '经办人张三',
    });
    render(<ChangeHistory resource={managerChangeResource} changes={[admission]} />);
    const table = screen.getByTestId(`${managerChangeResource.name}-history`);
    expect(table.textContent).not.toMatch(/managerName|legalPersonIdCard|registeredAddress|op_handler/);
    expect(table.textContent).toContain('经办人张三');
  });
});
