import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
export function useColumnSettings<T>(_key: string, columns: ColumnType<T>[]): { columns: ColumnType<T>[]; button: ReactNode } {
  return { columns, button: null };
}
