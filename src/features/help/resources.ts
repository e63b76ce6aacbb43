/**
 * 帮助中心管理: help-centre articles, written in the rich-text editor and published like notices
 * (draft → published → offline). Operators read the published ones on the help-centre page
 * (src/features/help/HelpCenterPage.tsx), which needs no permission beyond a session.
 */
import { defineResource } from '../../crud/resource';
import { PERMISSIONS } from './permissions';
import { CONTENT_STATUS, CONTENT_STATUS_DICT } from '../content';

export const HELP_CATEGORY_DICT = 'help_category';

const field = (name: string) => `help:article.fields.${name}`;
const action = (name: string) => `help:article.actions.${name}`;
const permissions = PERMISSIONS.helpArticle;

export const helpArticleResource = defineResource({
  name: 'help-articles',
  apiBase: '/op/v1/help/articles',
  menuUri: 'platform-content:help',
  menu: { parent: 'platform-content', path: '/op/platform-content/help/edit', order: 30, icon: 'QuestionCircleOutlined' },
  title: 'help:article.title',
  item: 'help:article.item',
  permissions,
  defaultSort: [
    { field: 'category', order: 'asc' },
    { field: 'sortOrder', order: 'asc' },
    { field: 'createTime', order: 'desc' },
  ],
  fields: {
    title: { type: 'string', label: field('title'), required: true, maxLength: 100, search: 'contains', sortable: true, width: 260 },
    category: { type: 'dict', label: field('category'), dictType: HELP_CATEGORY_DICT, required: true, search: 'eq', sortable: true, width: 120 },
    summary: { type: 'text', label: field('summary'), maxLength: 300 },
    keywords: { type: 'string', label: field('keywords'), maxLength: 200, width: 180 },
    content: { type: 'richText', label: field('content'), required: true, maxLength: 200_000 },
    sortOrder: { type: 'integer', label: field('sortOrder'), min: 0, max: 9999, defaultValue: 100, sortable: true, width: 90 },
    status: { type: 'dict', label: field('status'), dictType: CONTENT_STATUS_DICT, readOnly: true, search: 'eq', width: 100 },
    publishTime: { type: 'datetime', label: field('publishTime'), readOnly: true, sortable: true, width: 180 },
    createTime: { type: 'datetime', label: field('createTime'), readOnly: true, search: 'range', sortable: true, width: 180 },
  },
  actions: {
    publish: { label: action('publish'), permission: permissions.publish, when: { status: [CONTENT_STATUS.draft, CONTENT_STATUS.offline] } },
    unpublish: {
      label: action('unpublish'),
      permission: permissions.unpublish,
      when: { status: [CONTENT_STATUS.published] },
      confirm: action('unpublishConfirm'),
      danger: true,
    },
  },
});
