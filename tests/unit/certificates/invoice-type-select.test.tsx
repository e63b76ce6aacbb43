// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import '../../../src/providers/i18n';
import '../../../src/features/certificates/locale';
import { InvoiceTypeSelect } from '../../../src/features/certificates/InvoiceTypeSelect';
import { loadInvoiceTypes } from '../../../src/features/certificates/invoice-types';
import { INVOICE_TYPE_LIST_PATH } from '../../../src/lib/certificates';
import { answer, ok, resetServer, sentTo } from '../kit/net';

const ITEMS = [
  { dictValue: 'VAT_SPECIAL', dictLabel: '增值税专用发票', listClass: 'processing', isShow: true, dictSort: 1 },
  { dictValue: 'MOTOR_VEHICLE', dictLabel: '机动车销售统一发票', listClass: 'default', isShow: false, dictSort: 2 },
  { dictValue: 'VAT_NORMAL', dictLabel: '增值税普通发票', listClass: 'default', isShow: true, dictSort: 3 },
];

beforeEach(() => resetServer());
afterEach(() => cleanup());

const show = () =>
  render(
    <App>
      <InvoiceTypeSelect aria-label="发票类型" />
    </App>,
  );

describe('the invoice-type list', () => {
  it('loads from list_invoice_type_dict and keeps only the shown entries', async () => {
    answer(INVOICE_TYPE_LIST_PATH, ok(ITEMS));
    expect((await loadInvoiceTypes()).map((i) => i.dictValue)).toEqual(['VAT_SPECIAL', 'VAT_NORMAL']);
    expect(sentTo(INVOICE_TYPE_LIST_PATH)).toHaveLength(1);
  });

  it('offers the shown entries in the select', async () => {
    answer(INVOICE_TYPE_LIST_PATH, ok(ITEMS));
    show();
    await waitFor(() => expect(sentTo(INVOICE_TYPE_LIST_PATH)).toHaveLength(1));
    await userEvent.click(screen.getByRole('combobox'));
    expect(await screen.findByText('增值税普通发票')).toBeInTheDocument();
    expect(screen.getByText('增值税专用发票')).toBeInTheDocument();
    expect(screen.queryByText('机动车销售统一发票')).not.toBeInTheDocument();
  });

  it('on failure shows an error dialog titled 提示 with the server message', async () => {
    answer(INVOICE_TYPE_LIST_PATH, { envelope: { code: 'DICT_FAILED', message: '发票类型加载失败，请稍后重试' } });
    show();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('.ant-modal-confirm-title')).toHaveTextContent(/^提示$/);
    expect(dialog.querySelector('.anticon-close-circle')).toBeInTheDocument();
    expect(within(dialog).getByText('发票类型加载失败，请稍后重试')).toBeInTheDocument();
  });
});
