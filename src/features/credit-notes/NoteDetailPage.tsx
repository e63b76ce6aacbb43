/**
 * 白条详情 (/op/issue/notes/detail?id=…): the note, the chain of holders that led to it (issue, then
 * each split or transfer), its split tree from the issued note down, and the split transfer a holder
 * asks for (the server conserves the amount exactly and refuses a second simultaneous split).
 */
import { Alert, App, Button, Card, Descriptions, Form, Input, Modal, Select, Skeleton, Space, Timeline, Tree } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TipBar } from '../../components/TipBar';
import { HasPermi } from '../../components/access/HasAccess';
import { NOTE_STATUS } from '../../lib/credit-notes';
import { formatMoney } from '../../lib/money';
import { PERMISSIONS } from './permissions';
import { parseAmount } from '../../lib/quotas';
import { creditApi, noteLink, type Hold, type Note } from './credit-api';
import { NoteStatusTag } from './NotesPage';
import './locale';
import { toastPageFailure } from '../../components/page-failure';

interface TreeItem {
  key: string;
  title: React.ReactNode;
  children: TreeItem[];
}

function treeOf(notes: Note[], parentId: string | null, current: string): TreeItem[] {
  return notes
    .filter((n) => n.parentId === parentId)
    .map((n) => ({
      key: n.id,
      title: (
        <Space>
          {n.id === current ? <strong>{n.noteNo}</strong> : <Link to={noteLink(n.id)}>{n.noteNo}</Link>}
          <span>{n.holderName}</span>
          <span>¥{formatMoney(n.amount)}</span>
          <NoteStatusTag status={n.displayStatus} />
        </Space>
      ),
      children: treeOf(notes, n.id, current),
    }));
}

function SplitModal({ note, onClose }: { note: Note; onClose: (done: boolean) => void }) {
  const { t } = useTranslation('creditNotes');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ toCorpId?: string; amount?: string }>();
  const [suppliers, setSuppliers] = useState<Array<{ id: string; corpName: string }>>([]);
  const [saving, setSaving] = useState(false);
  const amount = Form.useWatch('amount', form);
  useEffect(() => {
    creditApi.suppliers(note.holderCorpId).then(setSuppliers, (e: unknown) => toastPageFailure(message, e));
  }, [note.holderCorpId, message]);
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const { children } = await creditApi.split({ noteId: note.id, toCorpId: values.toCorpId, amount: values.amount?.trim() });
      message.success(t('notes.splitDone', { children: children.map((c) => `${c.noteNo} ¥${formatMoney(c.amount)}`).join('、') }));
      onClose(true);
    } catch (e) {
      toastPageFailure(message, e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t('notes.split')} onOk={() => void submit()} confirmLoading={saving} onCancel={() => onClose(false)} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="toCorpId" label={t('fields.toCorpId')} rules={[{ required: true }]}>
          <Select showSearch optionFilterProp="label" options={suppliers.map((s) => ({ value: s.id, label: s.corpName }))} />
        </Form.Item>
        <Form.Item name="amount" label={t('notes.splitAmount')} rules={[{ required: true }]} extra={`${t('fields.amount')} ¥${formatMoney(note.amount)}`}>
          <Input inputMode="decimal" addonAfter={t('yuan')} />
        </Form.Item>
        {typeof amount === 'string' && parseAmount(amount.trim()) !== null && <TipBar label={t('notes.splitAmount')} value={amount.trim()} capital />}
      </Form>
    </Modal>
  );
}

export default function NoteDetailPage() {
  const { t } = useTranslation('creditNotes');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [found, setFound] = useState<{ note: Note; chain: Hold[]; tree: Note[] }>();
  const [error, setError] = useState<string>();
  const [splitting, setSplitting] = useState(false);
  const load = useCallback(() => {
    creditApi.note(id).then(setFound, (e: Error) => setError(e.message));
  }, [id]);
  useEffect(load, [load]);
  const tree = useMemo(() => (found ? treeOf(found.tree, null, found.note.id) : []), [found]);
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!found) return <Skeleton active />;
  const { note, chain } = found;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={`${t('notes.detail')} ${note.noteNo}`}
        extra={
          note.displayStatus === NOTE_STATUS.issued && (
            <HasPermi value={[PERMISSIONS.creditNote.split]}>
              <Button type="primary" onClick={() => setSplitting(true)}>
                {t('notes.split')}
              </Button>
            </HasPermi>
          )
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('fields.noteNo')}>{note.noteNo}</Descriptions.Item>
          <Descriptions.Item label={t('fields.status')}>
            <NoteStatusTag status={note.displayStatus} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.amount')}>¥{formatMoney(note.amount)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.issuerName')}>{note.issuerName}</Descriptions.Item>
          <Descriptions.Item label={t('fields.holderName')}>{note.holderName}</Descriptions.Item>
          <Descriptions.Item label={t('fields.productName')}>{note.productName}</Descriptions.Item>
          <Descriptions.Item label={t('fields.issueDate')}>{note.issueDate}</Descriptions.Item>
          <Descriptions.Item label={t('fields.dueDate')}>{note.dueDate}</Descriptions.Item>
        </Descriptions>
        <TipBar label={t('fields.amount')} value={note.amount} capital />
      </Card>
      <Card title={t('notes.chain')}>
        <Timeline
          items={chain.map((h) => ({
            key: h.id,
            children: (
              <span>
                {dayjs(h.createTime).format('YYYY-MM-DD HH:mm')} · {t(`holdKind.${h.kind}`)} · {h.fromName ?? ''} → <strong>{h.toName}</strong> · ¥
                {formatMoney(h.amount)} · {h.noteNo}
              </span>
            ),
          }))}
        />
      </Card>
      <Card title={t('notes.tree')}>
        {/* Mounted again when the tree grows (a split made on this page): defaultExpandAll acts only at mount,
            and the new parts stayed folded under their parent (issue 37). */}
        <Tree treeData={tree} defaultExpandAll selectable={false} key={`${note.id}:${found.tree.length}`} />
      </Card>
      {splitting && (
        <SplitModal
          note={note}
          onClose={(done) => {
            setSplitting(false);
            if (done) load();
          }}
        />
      )}
    </Space>
  );
}
