/**
 * Above an approvable resource's list: the new records still in approval (they exist once approved),
 * each with its proposed values, who proposed it and when. Reloaded after each proposal.
 */
import { Alert, Collapse } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Typed } from '../../components/Typed';
import { api } from '../../providers/http';
import type { AnyResource, PendingChange } from '../resource';
import { ChangeTable } from './ChangeTable';

export function PendingCreations({ resource, reload }: { resource: AnyResource; reload: number }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<PendingChange[]>([]);

  useEffect(() => {
    let live = true;
    // A failed load leaves the list as it was: the table below reports the same failure itself.
    api.post<PendingChange[]>(`${resource.apiBase}/pending-creations`, {}).then(
      (found) => live && setPending(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [resource.apiBase, reload]);

  if (!pending.length) return null;
  const titleOf = (change: PendingChange) => {
    const first = Object.entries(resource.fields).find(([name, schema]) => schema.type === 'string' && typeof change.proposed[name] === 'string');
    // The proposed record's name and its proposer's: data, shown as typed in every language.
    return <Typed>{`${first ? String(change.proposed[first[0]]) : change.recordId} · ${change.createByName ?? change.createBy ?? ''}`}</Typed>;
  };
  return (
    <Alert
      type="info"
      data-testid={`${resource.name}-pending-creations`}
      message={t('kit:approval.pendingCreations')}
      description={
        <Collapse
          size="small"
          ghost
          items={pending.map((change) => ({
            key: change.id,
            label: titleOf(change),
            children: <ChangeTable resource={resource} record={null} change={change} />,
          }))}
        />
      }
    />
  );
}
