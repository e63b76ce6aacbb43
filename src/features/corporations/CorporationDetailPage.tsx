/**
 * 企业详情 (/op/group/corporation/detail?id=…): the corporation with its verification-status banner
 * and four tabs: basic information (every declared field; sensitive ones masked, or in full for the
 * whitelist), bank accounts (numbers grouped by four), verification, and the history of changes.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useOne } from '@refinedev/core';
import { Button, Card, Descriptions, Empty, Skeleton, Space, Tabs, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { checkLink } from '../realname';
import { FieldValue, fieldsOf } from '../../crud/fields';
import { ResourceList } from '../../crud/ResourceList';
import '../../crud/kit.css';
import { CORP_TYPE, groupAccountNo } from '../../lib/corporations';
import { PERMISSIONS as FINANCING_PERMISSIONS } from '../financing/permissions';
import { PERMISSIONS as REALNAME_PERMISSIONS } from '../realname/permissions';
import { usePermission } from '../../providers/user';
import { SupplierSigningTab } from '../financing';
import { api } from '../../providers/http';
import { errorNotification } from '../../providers/data-provider';
import { CorporationHistory } from './CorporationHistory';
import { CallBar, CallButton, CorporationCalls, HotlineProvider, useHotline, hotlineCallResource } from '../hotline';
import { useResourceAccess } from '../../crud/use-resource-access';
import { CORPORATION_PATHS, CORPORATION_QUERY } from './paths';
import { bankAccountResource, corporationResource } from './resources';
import { PendingChangePanel } from './PendingCorporateChange';
import { VerificationBanner } from './VerificationBanner';
import { VerificationPanel, type AccountOption } from './VerificationPanel';
import { verificationApi, type Verification } from './verification-api';

function useVerifications(corpId: string | null) {
  const [rows, setRows] = useState<Verification[]>([]);
  const [accounts, setAccounts] = useState<AccountOption[]>([]);
  const reload = useCallback(() => {
    if (!corpId) return;
    void verificationApi.list(corpId).then(setRows, () => setRows([]));
    void api.post<{ records: AccountOption[] }>(`${bankAccountResource.apiBase}/page`, { corpId, pageSize: 100 }).then(
      (page) => setAccounts(page.records),
      () => setAccounts([]),
    );
  }, [corpId]);
  useEffect(reload, [reload]);
  return { rows, accounts, reload };
}

/** The hotline's parts of the page (spec §6): the call button beside the contact, the call bar, the call log. */
const CONTACT_FIELD = 'managerMobile';
const REALNAME_FIELD = 'realnameStatus';

function CallLogTab({ corpId }: { corpId: string }) {
  return <CorporationCalls corpId={corpId} reloadKey={useHotline()?.ended ?? 0} />;
}

export default function CorporationDetailPage() {
  return (
    <HotlineProvider>
      <CorporationDetail />
    </HotlineProvider>
  );
}

function CorporationDetail() {
  const { t } = useTranslation(['corporations', 'kit', 'hotline']);
  const canReadCalls = useResourceAccess(hotlineCallResource)('list');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get(CORPORATION_QUERY);
  const { result, query } = useOne({ resource: corporationResource.name, id: id ?? undefined, queryOptions: { enabled: !!id }, errorNotification });
  const verifications = useVerifications(id);
  const mayReadFinancing = usePermission(FINANCING_PERMISSIONS.financing.query);
  const mayReadRealname = usePermission(REALNAME_PERMISSIONS.realname.query);
  const isSupplier = Array.isArray(result?.corpTypes) && (result.corpTypes as string[]).includes(CORP_TYPE.supplier);

  if (!id) return <Empty />;
  return (
    <div className="kit-page" data-testid="corporation-detail">
      <Card
        size="small"
        title={
          <Space>
            <Typography.Text strong>{result?.corpName as string}</Typography.Text>
            {result && <FieldValue schema={corporationResource.fields.corpTypes} value={result.corpTypes} t={t} />}
          </Space>
        }
        extra={
          <Button size="small" icon={<ArrowLeftOutlined />} onClick={() => navigate(CORPORATION_PATHS.list)}>
            {t('detail.back')}
          </Button>
        }
      >
        {query.isLoading || !result ? (
          <Skeleton active />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }} size="middle">
            <VerificationBanner verifications={verifications.rows} />
            <PendingChangePanel record={result} />
            <CallBar />
            <Tabs
              items={[
                {
                  key: 'basic',
                  label: t('detail.tabs.basic'),
                  children: (
                    <Descriptions column={2} bordered size="small" data-testid="corporation-basic">
                      {fieldsOf(corporationResource).map(([name, schema]) => (
                        <Descriptions.Item key={name} label={t(schema.label)}>
                          {name === REALNAME_FIELD && mayReadRealname && typeof result.realnameRecordId === 'string' ? (
                            // The status is its admission's: open it to see why.
                            <Link to={checkLink(result.realnameRecordId)} data-testid="corporation-realname-link">
                              <FieldValue schema={schema} value={result[name]} t={t} />
                            </Link>
                          ) : (
                            <FieldValue schema={schema} value={result[name]} t={t} />
                          )}
                          {name === CONTACT_FIELD && !!result[name] && <CallButton corpId={id} />}
                        </Descriptions.Item>
                      ))}
                    </Descriptions>
                  ),
                },
                {
                  key: 'accounts',
                  label: t('detail.tabs.accounts'),
                  children: (
                    <ResourceList
                      resource={bankAccountResource}
                      fixedFilters={{ corpId: id }}
                      createDefaults={{ corpId: id, accountName: result.corpName }}
                      renderers={{ accountNo: (value) => <span data-testid="account-no">{groupAccountNo(value as string)}</span> }}
                      onChanged={verifications.reload}
                    />
                  ),
                },
                {
                  key: 'verification',
                  label: t('detail.tabs.verification'),
                  children: (
                    <VerificationPanel corpId={id} verifications={verifications.rows} accounts={verifications.accounts} onChanged={verifications.reload} />
                  ),
                },
                { key: 'history', label: t('detail.tabs.history'), children: <CorporationHistory corpId={id} /> },
                // A supplier's onboarding with core enterprises and products: the signing flow (spec §4.4).
                ...(isSupplier && mayReadFinancing
                  ? [{ key: 'signing', label: t('financing:title.signing'), children: <SupplierSigningTab supplierCorpId={id} /> }]
                  : []),
                ...(canReadCalls ? [{ key: 'calls', label: t('hotline:panel.tabTitle'), children: <CallLogTab corpId={id} /> }] : []),
              ]}
            />
          </Space>
        )}
      </Card>
    </div>
  );
}
