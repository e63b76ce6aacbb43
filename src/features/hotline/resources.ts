/**
 * 通话记录: the hotline's call log (spec §6), one row per call an operator placed to a corporation's
 * contact. Read-only: calls are written by the hotline's state machine (server/hotline), never by a form.
 */
import { defineResource } from '../../crud/resource';
import { PERMISSIONS } from './permissions';

const field = (name: string) => `hotline:call.fields.${name}`;

export const hotlineCallResource = defineResource({
  name: 'hotline-calls',
  apiBase: '/op/v1/hotline/calls',
  menuUri: 'group:hotline-calls',
  menu: { parent: 'group', path: '/op/group/hotline-calls', order: 50, icon: 'PhoneOutlined' },
  title: 'hotline:call.title',
  item: 'hotline:call.item',
  permissions: { list: PERMISSIONS.hotline.list, query: PERMISSIONS.hotline.query, export: PERMISSIONS.hotline.export },
  defaultSort: { field: 'dialTime', order: 'desc' },
  fields: {
    dialTime: { type: 'datetime', label: field('dialTime'), readOnly: true, search: 'range', sortable: true, width: 180 },
    // The corporation called, by reference: shown by its current name, searched by picking it (a corporation's own call log fixes it), sorted by its name.
    corpId: {
      type: 'reference',
      label: field('corpName'),
      readOnly: true,
      search: 'eq',
      sortable: true,
      width: 220,
      reference: { resource: 'corporations', labelField: 'corpName' },
    },
    contactName: { type: 'string', label: field('contactName'), readOnly: true, width: 100 },
    phoneMasked: { type: 'string', label: field('phoneMasked'), readOnly: true, width: 130 },
    // Who placed the call, by reference to their staff account: shown by the person's current name, searched by it.
    operatorId: {
      type: 'reference',
      label: field('operatorName'),
      readOnly: true,
      search: 'contains',
      sortable: true,
      width: 110,
      reference: { resource: 'staffs', labelField: 'personName' },
    },
    status: { type: 'dict', label: field('status'), dictType: 'hotline_call_status', readOnly: true, search: 'eq', width: 100 },
    outcome: { type: 'dict', label: field('outcome'), dictType: 'hotline_call_outcome', readOnly: true, search: 'eq', width: 100 },
    reason: { type: 'string', label: field('reason'), readOnly: true, width: 100 },
    talkSeconds: { type: 'integer', label: field('talkSeconds'), readOnly: true, sortable: true, width: 110 },
    // The wrap-up note is what a colleague reads first: a column, unlike other text fields.
    note: { type: 'text', label: field('note'), readOnly: true, column: true, width: 260 },
    endTime: { type: 'datetime', label: field('endTime'), readOnly: true, column: false },
  },
});
