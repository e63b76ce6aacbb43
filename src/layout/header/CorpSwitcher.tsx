import { SwapOutlined } from '@ant-design/icons';
import { App, Button, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../providers/http';
import { loadUserInfo, useUserInfo } from '../../providers/user';
import { HOME_PATH } from '../../routes/static-routes';
import { corpSwitchError } from './corp-switch';

/**
 * The corporate-entity switcher of the header-only layout (spec 2.6, 5.3): 请选择主体 without a choice,
 * 请选择其他主体 for the current one; on success user info is reloaded, then the app reloads to /op.
 */
export function CorpSwitcher() {
  const { t } = useTranslation('shell');
  const { modal } = App.useApp();
  const user = useUserInfo();
  const [form] = Form.useForm<{ corpId?: string }>();
  const [switching, setSwitching] = useState(false);
  if (!user) return null;

  const submit = async ({ corpId }: { corpId?: string }) => {
    setSwitching(true);
    try {
      await api.post('/op/v1/auth/switch/corp', { corpId });
      await loadUserInfo();
      window.location.assign(HOME_PATH);
    } catch (error) {
      if (error instanceof ApiError && error.kind !== 'cancelled') modal.error({ title: t('corp.failedTitle'), content: error.message });
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Form form={form} layout="inline" className="corp-switcher" onFinish={submit} initialValues={{ corpId: undefined }}>
      <Form.Item
        name="corpId"
        label={t('corp.current', { corp: user.corpName })}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const error = corpSwitchError(value, user.corpId);
              if (error) throw new Error(t(`corp.${error}`));
            },
          },
        ]}
      >
        <Select
          style={{ minWidth: 200 }}
          placeholder={t('corp.placeholder')}
          aria-label={t('corp.placeholder')}
          options={user.corps.map((corp) => ({ value: corp.corpId, label: corp.corpName }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SwapOutlined />} loading={switching}>
        {t('corp.switch')}
      </Button>
    </Form>
  );
}
