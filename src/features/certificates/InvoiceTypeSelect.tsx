import { Select, type SelectProps } from 'antd';
import { useInvoiceTypes } from './invoice-types';

/** 发票类型: a select of the shown invoice types (a form control: takes value and onChange). */
export function InvoiceTypeSelect(props: Omit<SelectProps<string>, 'options' | 'loading'>) {
  const items = useInvoiceTypes();
  return <Select<string> {...props} loading={items === undefined} options={(items ?? []).map((item) => ({ value: item.dictValue, label: item.dictLabel }))} />;
}
