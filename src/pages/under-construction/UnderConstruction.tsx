import { CopyOutlined, HomeOutlined, ToolOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCopy } from '../../components/useCopy';
import type { PageProps } from '../../routes/types';
import { HOME_PATH } from '../../routes/static-routes';
import { useTitle } from '../../routes/titles';

/**
 * The designed stand-in for a granted route whose screen is not built yet ("建设中"), or whose
 * component path the registry does not know. It names the route so operators can report it.
 */
export default function UnderConstruction({ route }: PageProps) {
  const { t } = useTranslation('shell');
  const title = useTitle();
  const copy = useCopy();
  const navigate = useNavigate();
  const missing = route.pageStatus === 'missing';
  const screen = (
    <Card className="under-construction" data-testid="under-construction">
      <Result
        icon={<ToolOutlined className="under-construction-icon" />}
        title={
          <Flex vertical gap={4} align="center">
            <Typography.Text type="secondary">{missing ? t('construction.missingBadge') : t('construction.badge')}</Typography.Text>
            <span>{title(route)}</span>
          </Flex>
        }
        subTitle={missing ? t('construction.missingHint') : t('construction.hint')}
        extra={
          <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate(HOME_PATH)}>
            {t('construction.backHome')}
          </Button>
        }
      />
      <Descriptions size="small" column={1} bordered className="under-construction-facts">
        <Descriptions.Item label={t('construction.route')}>
          <Flex align="center" gap={8} wrap>
            <Typography.Text code>{route.path}</Typography.Text>
            <Button size="small" type="text" icon={<CopyOutlined />} aria-label={t('construction.copy')} onClick={() => void copy(route.path)} />
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('construction.titleLabel')}>{route.title}</Descriptions.Item>
        {route.name && <Descriptions.Item label={t('construction.name')}>{route.name}</Descriptions.Item>}
        <Descriptions.Item label={t('construction.component')}>
          <Typography.Text code>{route.component}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
  return route.layout === 'bare' ? <main className="bare-page">{screen}</main> : screen;
}
