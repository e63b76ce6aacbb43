import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { localDictLabel } from '../../providers/dictionaries';
import { useInvoiceTypes } from './invoice-types';

const INVOICE_TYPE_DICT = 'invoice_type';

/** 发票类型: a select of the shown invoice types (a form control: takes value and onChange). */
export function InvoiceTypeSelect(props: Omit<SelectProps<string>, 'options' | 'loading'>) {
  const items = useInvoiceTypes();
  useTranslation(); // relabels when the language changes
  const options = (items ?? []).map((item) => ({ value: item.dictValue, label: localDictLabel(INVOICE_TYPE_DICT, item.dictValue, item.dictLabel) }));
  return <Select<string> {...props} loading={items === undefined} options={options} />;
}
