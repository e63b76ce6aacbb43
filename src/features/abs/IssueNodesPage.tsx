/**
 * 节点登记 (/op/abs/assets/issue-node-register): a package's programme milestones (立项 … 兑付) as a
 * timeline, each registered in order with its date, remark and documents. The order rules (a node
 * after the one before it, never dated before it) are the server's; its message shows as it is.
 */
import { CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, DatePicker, Form, Input, Modal, Select, Space, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HasPermi } from '../../components/access/HasAccess';
import { FileUpload } from '../../components/files/FileUpload';
import { FilePreview } from '../../components/files/FilePreview';
import { PERMISSIONS } from './permissions';
import { absApi, type AssetPackage, type IssueNodeView } from './abs-api';
import './locale';
import { toastPageFailure } from '../../components/page-failure';
import { Typed, typedSelect } from '../../components/Typed';

export default function IssueNodesPage() {
  const { t } = useTranslation('abs');
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const [packages, setPackages] = useState<AssetPackage[]>([]);
  const packageId = params.get('packageId') ?? packages[0]?.id;
  const [nodes, setNodes] = useState<IssueNodeView[]>();
  const [editing, setEditing] = useState<IssueNodeView>();
  const [form] = Form.useForm();

  useEffect(() => {
    absApi.packages({ pageNum: 1, pageSize: 100 }).then(
      (page) => setPackages(page.records),
      (e: unknown) => toastPageFailure(message, e),
    );
  }, [message]);
  const load = useCallback(() => {
    if (packageId) absApi.nodes(packageId).then(setNodes, (e: unknown) => toastPageFailure(message, e));
  }, [packageId, message]);
  useEffect(load, [load]);

  const open = (node: IssueNodeView) => {
    setEditing(node);
    form.setFieldsValue({
      nodeDate: node.nodeDate ? dayjs(node.nodeDate) : undefined,
      remark: node.remark ?? '',
      documents: node.documents.map((d) => d.fileId),
    });
  };
  const save = async () => {
    const values = await form.validateFields();
    try {
      await absApi.saveNode({
        packageId,
        node: editing!.node,
        nodeDate: values.nodeDate.format('YYYY-MM-DD'),
        remark: values.remark,
        documents: (values.documents ?? []).map((fileId: string) => ({ fileId })),
      });
      message.success(t('nodesPage.saved'));
      setEditing(undefined);
      load();
    } catch (e) {
      toastPageFailure(message, e);
    }
  };

  return (
    <Card
      data-testid="abs-issue-nodes"
      title={t('nodesPage.title')}
      extra={
        <Select
          style={{ width: 360 }}
          placeholder={t('nodesPage.pickPackage')}
          value={packageId}
          onChange={(v) => setParams({ packageId: v })}
          options={packages.map((p) => ({ value: p.id, label: `${p.packageNo} ${p.packageName}` }))}
          {...typedSelect}
        />
      }
    >
      <Alert type="info" showIcon message={t('nodesPage.order')} style={{ marginBottom: 16 }} />
      {nodes && (
        <Timeline
          items={nodes.map((node) => ({
            dot: node.nodeDate ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : <ClockCircleOutlined />,
            children: (
              <div data-testid={`abs-node-${node.node}`}>
                <Space>
                  <Typography.Text strong>{t(`nodes.${node.node}`)}</Typography.Text>
                  <Typography.Text type={node.nodeDate ? undefined : 'secondary'}>{node.nodeDate ?? t('nodesPage.notYet')}</Typography.Text>
                  <HasPermi value={[PERMISSIONS.absPackage.edit]}>
                    <Button size="small" type="link" onClick={() => open(node)}>
                      {node.nodeDate ? t('nodesPage.edit') : t('nodesPage.register')}
                    </Button>
                  </HasPermi>
                </Space>
                {node.remark && (
                  <div>
                    <Typography.Text type="secondary">
                      <Typed>{node.remark}</Typed>
                    </Typography.Text>
                  </div>
                )}
                {node.documents.length > 0 && (
                  <FilePreview
                    fileIds={node.documents.map((d) => d.fileId)}
                    names={Object.fromEntries(node.documents.map((d) => [d.fileId, d.fileName]))}
                    thumbnailType="SMALL"
                  />
                )}
              </div>
            ),
          }))}
        />
      )}
      <Modal
        open={!!editing}
        title={editing ? `${t('nodesPage.register')} · ${t(`nodes.${editing.node}`)}` : ''}
        onOk={save}
        onCancel={() => setEditing(undefined)}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item name="nodeDate" label={t('fields.nodeDate')} rules={[{ required: true }]}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="remark" label={t('fields.remark')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item name="documents" label={t('nodesPage.documents')}>
            <FileUpload maxCount={10} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
