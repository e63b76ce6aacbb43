/**
 * The task centre lists (menu 任务中心): 待办 (tasks/todo/page), 已办 (tasks/done/page), 我发起的
 * (tasks/started/page, the instances the user started) and 全部流程 (instances/page, every instance,
 * for who holds workflow:instance:list; also filtered by status), filtered by process and date range,
 * paged, newest first. 办理 opens a to-do task where it is worked (task-links.ts), only for who may work
 * it; 查看 opens the read-only task view. The list reloads whenever its tag is shown again.
 */
import '../task-view/locale';
import { EyeOutlined, FormOutlined, ReloadOutlined, RollbackOutlined } from '@ant-design/icons';
import { SearchButtons } from '../../crud/SearchButtons';
import { App, Button, DatePicker, Form, Popconfirm, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DATETIME_FORMAT, Typed, TypedIn, useDayjsLocale } from '../../crud/fields';
import { useReadyPage } from '../../crud/ready-list';
import { pagerTotal } from '../../crud/pager-total';
import { formatDate } from '../../lib/dates';
import { ApiError } from '../../providers/http';
import { useUserInfo } from '../../providers/user';
import { PROCESS_DEFINITIONS } from '../registry';
import { INSTANCE_STATUS, TASK_OUTCOME } from '../states';
import type { WorkflowInstance, WorkflowTask } from '../task-types';
import { canWorkTask } from '../task-view/can-work';
import { InstanceStatusTag, useProcessNames } from '../task-view/TaskSummary';
import { workflowApi } from '../task-view/workflow-api';
import { pendingTasks } from './pending-tasks';
import { viewTaskLink, workTaskLink } from './task-links';
import '../../crud/kit.css';

export type TaskList = 'todo' | 'done' | 'started' | 'all';
type TaskRow = WorkflowTask & { startPersonName: string };
type Row = TaskRow | WorkflowInstance;

const PAGE_SIZES = [10, 20, 50, 100];

interface Filters {
  processKey?: string;
  /** 全部流程 only: the instance's status. */
  status?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

function bodyOf(filters: Filters, pageNum: number, pageSize: number): Record<string, unknown> {
  const [from, to] = filters.range ?? [];
  return {
    pageNum,
    pageSize,
    processKey: filters.processKey,
    status: filters.status,
    createTimeStart: from ? from.startOf('day').toISOString() : undefined,
    createTimeEnd: to ? to.endOf('day').toISOString() : undefined,
  };
}

export function TaskListPage({ list }: { list: TaskList }) {
  const { t, i18n } = useTranslation(['workflow', 'kit']);
  useDayjsLocale();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const user = useUserInfo();
  const names = useProcessNames();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: PAGE_SIZES[0] });
  // The first page asked for early (main.tsx) and already back is shown by the first render, and not asked for again.
  const first = useReadyPage(() => workflowApi.readyPage<Row>(list, bodyOf({}, 1, PAGE_SIZES[0])));
  const [data, setData] = useState<{ records: Row[]; total: number; totalBounded?: boolean }>({
    records: first.seed?.records ?? [],
    total: first.seed?.total ?? 0,
    totalBounded: first.seed?.totalBounded,
  });
  const [loading, setLoading] = useState(false);
  const { skipLoad } = first;

  const load = useCallback(() => {
    if (skipLoad()) return;
    setLoading(true);
    const body = bodyOf(filters, paging.pageNum, paging.pageSize);
    (list === 'all' ? workflowApi.allInstances(body) : workflowApi.page<Row>(list, body))
      .then((page) => setData({ records: page.records, total: page.total, totalBounded: page.totalBounded }))
      .catch(() => setData({ records: [], total: 0 }))
      .finally(() => setLoading(false));
  }, [list, filters, paging, skipLoad]);

  // Runs again each time the tag is shown (kept pages re-run their effects), so a task worked elsewhere leaves 待办.
  useEffect(load, [load]);

  const processOptions = useMemo(() => Object.values(PROCESS_DEFINITIONS).map((d) => ({ value: d.processKey, label: t(d.processName) })), [t]);
  const statusOptions = useMemo(() => Object.values(INSTANCE_STATUS).map((status) => ({ value: status, label: t(`instanceStatus.${status}`) })), [t]);
  // 我发起的 and 全部流程 list instances, the others tasks.
  const instances = list === 'started' || list === 'all';

  // 撤回 (我发起的): the server decides again (someone may have acted since the list was read) and says why not.
  const withdraw = async (instance: WorkflowInstance) => {
    try {
      await workflowApi.withdraw(instance.id);
      void message.success(t('list.withdrawn'));
      void pendingTasks.refresh();
    } catch (error) {
      // The client already shows its catalogue's 403, timeout and network messages; a business refusal is shown here.
      if (error instanceof ApiError && error.kind === 'business') void message.error(error.message);
    }
    load();
  };

  const search = (values: Filters) => {
    setFilters(values);
    setPaging((p) => ({ ...p, pageNum: 1 }));
  };
  const reset = () => {
    form.resetFields();
    search({});
  };

  const text = (value: unknown) => (value === null || value === undefined || value === '' ? '' : String(value));
  const common: ColumnsType<Row> = [
    // Process and step names wrap in a set width: in English they are long enough to push 发起人 and the time off screen.
    { key: 'process', title: t('list.process'), width: 120, render: (_v, r) => names.processName(r.processKey, r.processName) },
    instances
      ? {
          key: 'step',
          title: t('list.currentStep'),
          width: 100,
          render: (_v, r) => names.stepName(r.processKey, (r as WorkflowInstance).currentActivity, (r as WorkflowInstance).currentActivityName),
        }
      : {
          key: 'step',
          title: t('list.step'),
          width: 100,
          render: (_v, r) => names.stepName(r.processKey, (r as TaskRow).taskDefinitionKey, (r as TaskRow).taskName),
        },
    // The record's own number, not its id (an id says nothing to an operator).
    // A long number (FA202611291519310004) breaks within its width instead of widening the table.
    {
      key: 'businessNo',
      dataIndex: 'businessNo',
      title: t('list.businessKey'),
      width: 140,
      render: (value: unknown) => (
        <span style={{ wordBreak: 'break-all' }}>
          <Typed>{text(value)}</Typed>
        </span>
      ),
    },
    // The summary names the record and its party: it wraps in its width rather than pushing 申请人 and the time off screen at 1440 px.
    {
      key: 'summary',
      dataIndex: 'summary',
      title: t('list.summary'),
      width: 230,
      // A task back with its submitter says why under its summary, where it is read (the status column is narrow).
      render: (value: unknown, r) => {
        const reason = list === 'todo' ? (r as TaskRow).returnedReason : null;
        // The record's names and numbers within the summary are its data; the words around them follow the language.
        const summary = <TypedIn text={text(value)} values={(r as { summaryValues?: string[] }).summaryValues ?? []} />;
        if (!reason) return summary;
        return (
          <>
            <div>{summary}</div>
            <Tag color="warning" bordered={false} style={{ whiteSpace: 'normal', marginTop: 4 }} data-testid="task-returned-reason">
              <TypedIn text={t('list.returnedReason', { reason })} values={[reason]} />
            </Tag>
          </>
        );
      },
    },
    ...(list === 'started'
      ? []
      : [{ key: 'starter', dataIndex: 'startPersonName', title: t('list.starter'), render: (value: unknown) => <Typed>{text(value)}</Typed> }]),
    // The day and the time wrap onto two lines, and the status tag wraps in its width: on one line each, the
    // status (经办人张三 已签收) slid under the fixed 操作 column at 1,366 and 1,440 px.
    list === 'done'
      ? { key: 'time', dataIndex: 'completeTime', title: t('list.completeTime'), width: 110, render: (v: string) => formatDate(v, DATETIME_FORMAT) }
      : {
          key: 'time',
          dataIndex: 'createTime',
          title: t(list === 'todo' ? 'list.arriveTime' : 'list.startTime'),
          width: 110,
          render: (v: string) => formatDate(v, DATETIME_FORMAT),
        },
    {
      key: 'status',
      title: t('list.status'),
      width: 110,
      render: (_v, r) => {
        if (instances) return <InstanceStatusTag status={r.status} withdrawn={(r as WorkflowInstance).withdrawn === true} />;
        const task = r as TaskRow;
        if (list === 'done') {
          return (
            <Space size={4} wrap>
              <Tag color={task.outcome === TASK_OUTCOME.REJECT ? 'error' : 'success'}>
                {t(`action.${task.outcome ?? ''}`, { defaultValue: task.outcome ?? '' })}
              </Tag>
              <InstanceStatusTag status={task.instanceStatus} />
            </Space>
          );
        }
        return task.assigneeName ? (
          <Tag color="processing" style={{ whiteSpace: 'normal' }}>
            <TypedIn text={t('list.claimedBy', { name: task.assigneeName })} values={[task.assigneeName]} />
          </Tag>
        ) : (
          <Tag>{t('list.unclaimed')}</Tag>
        );
      },
    },
    {
      key: 'actions',
      title: t('kit:table.actions'),
      fixed: 'right',
      render: (_v, r) => (
        <Space size={0}>
          {list === 'todo' && canWorkTask(user, r as TaskRow) && (
            <Button type="link" size="small" icon={<FormOutlined />} onClick={() => navigate(workTaskLink(r as TaskRow))} data-testid="task-work">
              {t('list.work')}
            </Button>
          )}
          <Button
            type="link"
            size="small"
            icon={<EyeOutlined />}
            onClick={() => navigate(viewTaskLink(instances ? { instanceId: r.id } : { taskId: r.id }))}
            data-testid="task-view"
          >
            {t('kit:row.show')}
          </Button>
          {list === 'started' && (r as WorkflowInstance).withdrawable && (
            <Popconfirm title={t('list.withdrawConfirm')} onConfirm={() => withdraw(r as WorkflowInstance)} okText={t('list.withdraw')}>
              <Button type="link" size="small" danger icon={<RollbackOutlined />} data-testid="task-withdraw">
                {t('list.withdraw')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="kit-page" data-testid={`task-${list}-list`}>
      <Form form={form} layout="inline" className="kit-search" onFinish={search} aria-label={t('list.searchLabel')}>
        <Form.Item name="processKey" label={t('list.process')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('list.processPlaceholder')}
            options={processOptions}
            data-testid="task-filter-process"
          />
        </Form.Item>
        {list === 'all' && (
          <Form.Item name="status" label={t('list.status')}>
            <Select allowClear style={{ minWidth: 120 }} placeholder={t('list.statusPlaceholder')} options={statusOptions} data-testid="task-filter-status" />
          </Form.Item>
        )}
        <Form.Item name="range" label={t(instances ? 'list.startTime' : 'list.arriveTime')} className="kit-search-range">
          <DatePicker.RangePicker placeholder={[t('kit:search.from'), t('kit:search.to')]} />
        </Form.Item>
        <SearchButtons onReset={reset} />
      </Form>
      <div className="kit-toolbar">
        <span />
        <Tooltip title={t('kit:toolbar.refresh')}>
          <Button shape="circle" icon={<ReloadOutlined />} aria-label={t('kit:toolbar.refresh')} onClick={load} />
        </Tooltip>
      </div>
      <Table<Row>
        rowKey="id"
        columns={common}
        dataSource={data.records}
        loading={loading}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: data.total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => pagerTotal(t, i18n.language, total, data.totalBounded),
          onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
        }}
      />
    </div>
  );
}

export const TodoTasksPage = () => <TaskListPage list="todo" />;
export const DoneTasksPage = () => <TaskListPage list="done" />;
export const StartedTasksPage = () => <TaskListPage list="started" />;
export const AllInstancesPage = () => <TaskListPage list="all" />;
