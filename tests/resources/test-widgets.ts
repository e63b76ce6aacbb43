/**
 * A test-only resource (issue 25): declared here and tabled in test-widgets.table.ts, and nowhere
 * else. Test runs find both (src/resources/registry.ts, server/resources/registry.ts): it gets its
 * menu, grants, routes and the generic tests of tests/server/resources.test.ts; no build holds it.
 * Its fields use every kind of field rule, so the generic tests exercise each one.
 */
import { defineResource } from '../../src/crud/resource';
import { CORP_TYPE } from '../../src/lib/corporations';
import { crud } from '../../src/lib/permissions';

/**
 * Labels are borrowed from keys the locales hold already: the server refuses an unknown key, and a
 * test-only resource touches no locale file (a real one adds its labels, README "Add a resource").
 */
const LABELS = {
  code: 'admin:org.fields.orgCode',
  name: 'resources:config.fields.configName',
  quantity: 'resources:dictData.fields.dictSort',
  price: 'corporations:verification.amount',
  status: 'resources:dictType.fields.status',
  contactMobile: 'resources:realname.fields.mobilePhone',
  active: 'resources:dictData.fields.isShow',
  note: 'resources:config.fields.remark',
  dueDate: 'resources:operationLog.labels.termEnd',
  coreCorpId: 'products:product.fields.coreCorpName',
  createTime: 'resources:common.createTime',
} as const;
const f = (field: keyof typeof LABELS) => LABELS[field];

export const testWidgetResource = defineResource({
  name: 'test-widgets',
  apiBase: '/op/v1/test/widgets',
  menuUri: 'system:test-widget',
  menu: { parent: 'system', path: '/op/system/test-widget', order: 900, icon: 'ExperimentOutlined' },
  title: 'resources:dictData.title',
  permissions: crud('test', 'widget'),
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: {
    code: {
      type: 'string',
      label: f('code'),
      required: true,
      pattern: { source: '^W-\\d{4,8}$', message: 'validation:noSymbol' },
      unique: true,
      createOnly: true,
      search: 'contains',
      sortable: true,
    },
    name: { type: 'string', label: f('name'), required: true, minLength: 2, maxLength: 40, search: 'contains', sortable: true },
    quantity: { type: 'integer', label: f('quantity'), min: 0, max: 1000, defaultValue: 1, sortable: true },
    price: { type: 'money', label: f('price'), money: { integer: 8, decimal: 2 }, min: 0, sortable: true },
    status: { type: 'dict', label: f('status'), dictType: 'sys_normal_disable', required: true, defaultValue: '0', search: 'eq' },
    contactMobile: { type: 'string', label: f('contactMobile'), validator: 'mobile' },
    active: { type: 'boolean', label: f('active'), defaultValue: true },
    note: { type: 'text', label: f('note'), maxLength: 200 },
    // A calendar day (the kit's 'date'): searched by a range of days, sorted, exported as a date cell.
    dueDate: { type: 'date', label: f('dueDate'), search: 'range', sortable: true },
    // A reference with a filter (tests/server/reference-field.test.ts): core enterprises only, searched and sorted by name.
    coreCorpId: {
      type: 'reference',
      label: f('coreCorpId'),
      search: 'contains',
      sortable: true,
      width: 220,
      reference: { resource: 'corporations', labelField: 'corpName', filter: { corpTypes: CORP_TYPE.core }, filterLabel: 'products:reference.coreCorps' },
    },
    createTime: { type: 'datetime', label: f('createTime'), readOnly: true, search: 'range', sortable: true },
  },
});
