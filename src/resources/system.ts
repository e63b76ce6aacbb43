/** The system resources of spec §7: dictionary types, dictionary data, configs, export records. */
import { defineResource } from '../crud/resource';
import { PERMISSIONS } from '../lib/permissions';

const f = (resource: string, field: string) => `resources:${resource}.fields.${field}`;
const timeFields = (resource: string) =>
  ({
    createTime: { type: 'datetime', label: f(resource, 'createTime'), readOnly: true, search: 'range', sortable: true, width: 180 },
  }) as const;

export const dictTypeResource = defineResource({
  name: 'dict-types',
  apiBase: '/op/v1/sys/dict-types',
  menuUri: 'system:dict',
  menu: { parent: 'system', path: '/op/system/dict', order: 10, icon: 'BookOutlined' },
  title: 'resources:dictType.title',
  item: 'resources:dictType.item',
  permissions: PERMISSIONS.dictType,
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: {
    dictName: { type: 'string', label: f('dictType', 'dictName'), required: true, maxLength: 100, search: 'contains', sortable: true, width: 200 },
    dictType: {
      type: 'string',
      label: f('dictType', 'dictType'),
      required: true,
      maxLength: 100,
      unique: true,
      createOnly: true,
      search: 'contains',
      sortable: true,
      width: 220,
    },
    status: { type: 'dict', label: f('dictType', 'status'), dictType: 'sys_normal_disable', required: true, defaultValue: '0', search: 'eq', width: 100 },
    remark: { type: 'text', label: f('dictType', 'remark'), maxLength: 500 },
    ...timeFields('dictType'),
  },
});

export const dictDataResource = defineResource({
  name: 'dict-datas',
  apiBase: '/op/v1/sys/dict-datas',
  // Its page is the hidden system:dict-data, opened from a dictionary type's row.
  menuUri: 'system:dict-data',
  menu: { parent: 'system', path: '/op/system/dict/data', order: 20, icon: 'UnorderedListOutlined', hidden: true },
  title: 'resources:dictData.title',
  item: 'resources:dictData.item',
  permissions: PERMISSIONS.dictData,
  defaultSort: { field: 'dictSort', order: 'asc' },
  fields: {
    dictType: { type: 'string', label: f('dictData', 'dictType'), required: true, maxLength: 100, search: 'eq', createOnly: true, width: 180 },
    dictLabel: { type: 'string', label: f('dictData', 'dictLabel'), required: true, maxLength: 100, search: 'contains', sortable: true, width: 180 },
    dictValue: { type: 'string', label: f('dictData', 'dictValue'), required: true, maxLength: 100, sortable: true, width: 160 },
    dictSort: { type: 'integer', label: f('dictData', 'dictSort'), required: true, defaultValue: 0, sortable: true, width: 100 },
    isShow: { type: 'boolean', label: f('dictData', 'isShow'), defaultValue: true, width: 100 },
    listClass: { type: 'string', label: f('dictData', 'listClass'), maxLength: 20, width: 120 },
    status: { type: 'dict', label: f('dictData', 'status'), dictType: 'sys_normal_disable', required: true, defaultValue: '0', search: 'eq', width: 100 },
    remark: { type: 'text', label: f('dictData', 'remark'), maxLength: 500 },
    ...timeFields('dictData'),
  },
});

export const configResource = defineResource({
  name: 'configs',
  apiBase: '/op/v1/sys/configs',
  menuUri: 'system:config',
  menu: { parent: 'system', path: '/op/system/config', order: 30, icon: 'ToolOutlined' },
  title: 'resources:config.title',
  item: 'resources:config.item',
  permissions: PERMISSIONS.config,
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: {
    configName: { type: 'string', label: f('config', 'configName'), required: true, maxLength: 100, search: 'contains', sortable: true, width: 200 },
    configKey: {
      type: 'string',
      label: f('config', 'configKey'),
      required: true,
      maxLength: 100,
      unique: true,
      search: 'contains',
      sortable: true,
      width: 260,
    },
    configValue: { type: 'text', label: f('config', 'configValue'), required: true, maxLength: 2000, column: true, width: 220 },
    configType: { type: 'dict', label: f('config', 'configType'), dictType: 'sys_yes_no', required: true, defaultValue: 'N', search: 'eq', width: 110 },
    remark: { type: 'text', label: f('config', 'remark'), maxLength: 500 },
    ...timeFields('config'),
  },
});

export const exportRecordResource = defineResource({
  name: 'export-records',
  apiBase: '/op/v1/export/file-export-records',
  menuUri: 'system:export',
  menu: { parent: 'system', path: '/op/system/export', order: 40, icon: 'ExportOutlined' },
  title: 'resources:exportRecord.title',
  item: 'resources:exportRecord.item',
  permissions: {
    list: PERMISSIONS.exportRecord.list,
    query: PERMISSIONS.exportRecord.list,
    remove: PERMISSIONS.exportRecord.remove,
    download: PERMISSIONS.exportRecord.download,
  },
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: {
    fileName: { type: 'string', label: f('exportRecord', 'fileName'), readOnly: true, search: 'contains', width: 260 },
    resourceName: { type: 'string', label: f('exportRecord', 'resourceName'), readOnly: true, width: 160 },
    status: { type: 'dict', label: f('exportRecord', 'status'), dictType: 'export_status', readOnly: true, search: 'eq', width: 110 },
    rowCount: { type: 'integer', label: f('exportRecord', 'rowCount'), readOnly: true, width: 100 },
    message: { type: 'text', label: f('exportRecord', 'message'), readOnly: true },
    ...timeFields('exportRecord'),
  },
});

export const SYSTEM_RESOURCES = [dictTypeResource, dictDataResource, configResource, exportRecordResource] as const;
