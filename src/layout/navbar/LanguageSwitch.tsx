import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '../../providers/i18n';

/** Switches the interface language; Refine's and antd's own texts follow through the i18n provider. */
export function LanguageSwitch({ showLabel }: { showLabel: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((lang) => ({ key: lang, label: t(`language.${lang}`) })),
        onClick: ({ key }) => void setLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('language.label')} data-testid="language-switch">
        {showLabel ? t(`language.${i18n.language}`) : null}
      </Button>
    </Dropdown>
  );
}
