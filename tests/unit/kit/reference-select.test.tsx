// @vitest-environment jsdom
/**
 * The reference field's picker (src/crud/ReferenceSelect.tsx): it pages the referenced resource's own
 * list call with the declared filter, searches by the label on the server, and, for a user who may
 * not list that resource, is a disabled control that says why instead of a call the server refuses.
 */
import '../shell/dom';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Refine, type DataProvider, type GetListParams } from '@refinedev/core';
import '../../../src/providers/i18n-app';
import { ReferenceSelect } from '../../../src/crud/ReferenceSelect';
import type { FieldSchema } from '../../../src/crud/resource';
import { CORP_TYPE } from '../../../src/lib/corporations';
import { PERMISSIONS as CORPORATIONS_PERMISSIONS } from '../../../src/features/corporations/permissions';
import { PERMISSIONS as PRODUCTS_PERMISSIONS } from '../../../src/features/products/permissions';
import { userStore } from '../../../src/providers/user';
import { userWith } from './personas';

/** The permission strings named here, each group from its area's catalogue (or the platform's). */
const PERMISSIONS = { ...CORPORATIONS_PERMISSIONS, ...PRODUCTS_PERMISSIONS };

const core: FieldSchema = {
  type: 'reference',
  label: 'products:product.fields.coreCorpName',
  required: true,
  reference: { resource: 'corporations', labelField: 'corpName', filter: { corpTypes: CORP_TYPE.core } },
};

function harness() {
  const calls: GetListParams[] = [];
  const dataProvider = {
    getList: async (params: GetListParams) => {
      calls.push(params);
      return { data: [{ id: 'corp-demo-group', corpName: '中建华东建设集团有限公司' }], total: 1 };
    },
    getOne: async () => ({ data: { id: 'corp-demo-group', corpName: '中建华东建设集团有限公司' } }),
    create: async () => ({ data: {} }),
    update: async () => ({ data: {} }),
    deleteOne: async () => ({ data: {} }),
    getApiUrl: () => '',
  } as unknown as DataProvider;
  const ui = (props: Partial<Parameters<typeof ReferenceSelect>[0]> = {}) => (
    <Refine dataProvider={dataProvider} resources={[{ name: 'corporations' }]} options={{ disableTelemetry: true }}>
      <ReferenceSelect schema={core} {...props} />
    </Refine>
  );
  return { calls, ui };
}

afterEach(() => {
  cleanup();
  userStore.set(undefined);
});

describe('ReferenceSelect', () => {
  it('pages the referenced list with its filter, 20 at a time', async () => {
    userStore.set(userWith([PERMISSIONS.corporation.list, PERMISSIONS.corporation.query]));
    const { calls, ui } = harness();
    render(ui());
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls[0]).toMatchObject({ resource: 'corporations', pagination: { currentPage: 1, pageSize: 20 } });
    expect(calls[0].filters).toEqual(expect.arrayContaining([{ field: 'corpTypes', operator: 'eq', value: CORP_TYPE.core }]));
  });

  it('shows a loaded value by the label its record carried, never the id', async () => {
    userStore.set(userWith([PERMISSIONS.corporation.list, PERMISSIONS.corporation.query]));
    const { ui } = harness();
    render(ui({ value: 'corp-demo-x', initialLabel: '西南交通建设集团有限公司' }));
    expect(await screen.findByText('西南交通建设集团有限公司')).toBeInTheDocument();
    expect(screen.queryByText('corp-demo-x')).toBeNull();
  });

  it('without the list permission: disabled, saying why, and no call', async () => {
    userStore.set(userWith([PERMISSIONS.product.list]));
    const { calls, ui } = harness();
    render(ui());
    expect(await screen.findByText('无权查看企业管理，无法选择核心企业')).toBeInTheDocument();
    expect(screen.getByTestId('reference-forbidden').closest('.ant-select')).toHaveClass('ant-select-disabled');
    expect(calls).toEqual([]);
  });
});
