/**
 * Adding a group, adding a unit below the selected one, or renaming a unit. The unit types offered
 * are those src/lib/corporations.ts lets hang under the parent; a group and a member customer name
 * their corporation (a core enterprise, a supplier) and take its name.
 */
import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALLOWED_PARENTS, CORP_TYPE, UNIT_KIND, UNIT_KIND_DICT, type UnitKind } from '../../../lib/corporations';
import { useDicts } from '../../../providers/dictionaries';
import { api } from '../../../providers/http';
import { showRefusal } from '../refusal';
import { groupTreeApi } from './group-tree-api';
import type { GroupUnit } from './tree-data';

export type UnitFormMode = { kind: 'group' } | { kind: 'child'; parent: GroupUnit } | { kind: 'rename'; unit: GroupUnit };

interface Values {
  kind: UnitKind;
  unitName?: string;
  corpId?: string;
}

interface CorpOption {
  id: string;
  corpName: string;
  creditCode: string;
}

function useCorporations(corpType: string | null) {
  const [options, setOptions] = useState<CorpOption[]>([]);
  useEffect(() => {
    if (!corpType) return;
    void api.post<{ records: CorpOption[] }>('/op/v1/corporations/page', { corpTypes: corpType, pageSize: 100 }).then((page) => setOptions(page.records));
  }, [corpType]);
  return options;
}

export function UnitFormModal({ mode, onClose, onSaved }: { mode: UnitFormMode; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['corporations', 'kit']);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const kindLabels = useDicts([UNIT_KIND_DICT])(UNIT_KIND_DICT) ?? [];
  const parentKind = mode.kind === 'child' ? mode.parent.kind : null;
  const kinds = (Object.values(UNIT_KIND) as UnitKind[]).filter((k) =>
    mode.kind === 'group' ? k === UNIT_KIND.group : parentKind !== null && ALLOWED_PARENTS[k].includes(parentKind),
  );
  const kind = Form.useWatch('kind', form) ?? kinds[0];
  const corpType = kind === UNIT_KIND.group ? CORP_TYPE.core : kind === UNIT_KIND.member ? CORP_TYPE.supplier : null;
  const corps = useCorporations(mode.kind === 'rename' ? null : corpType);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      if (mode.kind === 'rename') await groupTreeApi.rename(mode.unit, values.unitName ?? '');
      else await groupTreeApi.add({ ...values, parentId: mode.kind === 'child' ? mode.parent.id : undefined });
      onSaved();
    } catch (error) {
      // The form stays open to correct what the refusal names.
      showRefusal(message, error);
    } finally {
      setSaving(false);
    }
  };

  const title = mode.kind === 'group' ? t('tree.addGroup') : mode.kind === 'rename' ? t('tree.rename') : `${t('tree.add')} · ${mode.parent.unitName}`;
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      okText={t('kit:form.ok')}
      cancelText={t('kit:form.cancel')}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => void save(v)}
        initialValues={mode.kind === 'rename' ? { unitName: mode.unit.unitName } : { kind: kinds[0] }}
      >
        {mode.kind !== 'rename' && (
          <Form.Item name="kind" label={t('tree.fields.kind')} rules={[{ required: true, message: t('kit:form.required') }]}>
            <Select options={kinds.map((k) => ({ value: k, label: kindLabels.find((i) => i.dictValue === k)?.dictLabel ?? k }))} />
          </Form.Item>
        )}
        {mode.kind !== 'rename' && corpType && (
          <Form.Item name="corpId" label={t('tree.fields.corpId')} rules={[{ required: true, message: t('kit:form.required') }]}>
            <Select showSearch optionFilterProp="label" options={corps.map((c) => ({ value: c.id, label: `${c.corpName}（${c.creditCode}）` }))} />
          </Form.Item>
        )}
        {(mode.kind === 'rename' || !corpType) && (
          <Form.Item
            name="unitName"
            label={t('tree.fields.unitName')}
            rules={[
              { required: true, whitespace: true, message: t('kit:form.required') },
              { max: 80, message: t('kit:form.maxLength', { max: 80 }) },
            ]}
          >
            <Input maxLength={80} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
