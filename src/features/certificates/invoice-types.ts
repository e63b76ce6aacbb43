/**
 * The invoice types an application may choose (spec §7): list_invoice_type_dict, keeping only the
 * shown entries. A failed load is told in an error dialog titled 提示 with the server's message (§8).
 */
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVOICE_TYPE_LIST_PATH } from '../../lib/certificates';
import { shownInvoiceTypes } from '../../lib/invoice-types';
import type { DictItem } from '../../protocol';
import { api } from '../../providers/http';

export async function loadInvoiceTypes(): Promise<DictItem[]> {
  return shownInvoiceTypes(await api.post<DictItem[]>(INVOICE_TYPE_LIST_PATH, {}, { silent: true }));
}

/** The shown invoice types, loaded once per mounting screen; undefined while loading. */
export function useInvoiceTypes(): DictItem[] | undefined {
  const { t } = useTranslation('certificates');
  const { modal } = App.useApp();
  const [items, setItems] = useState<DictItem[]>();
  useEffect(() => {
    let live = true;
    loadInvoiceTypes().then(
      (loaded) => live && setItems(loaded),
      (error: unknown) => {
        if (!live || (error as { kind?: string }).kind === 'cancelled') return;
        setItems([]);
        modal.error({ title: t('invoiceTypes.failedTitle'), content: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [modal, t]);
  return items;
}
