/**
 * The 搜索 / 重置 pair that ends every list's search form (the kit's lists and the pages built on
 * its pieces), so each looks and reads the same. 搜索 submits the enclosing form.
 */
import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export function SearchButtons({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation('kit');
  return (
    <Form.Item className="kit-search-buttons">
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('kit:search.submit')}
        </Button>
        <Button icon={<UndoOutlined />} onClick={onReset}>
          {t('kit:search.reset')}
        </Button>
      </Space>
    </Form.Item>
  );
}
