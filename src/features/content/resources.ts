/**
 * Platform content (spec 2.3): news (新闻动态管理) and platform notices (平台公告管理), one shape
 * declared twice. The status changes only through the row actions: publish a draft or an item taken
 * offline, take a published one offline (which unpins it), pin and unpin a published one.
 */
import { defineResource } from '../../crud/resource';
import { PERMISSIONS } from './permissions';

export const CONTENT_STATUS = { draft: 'DRAFT', published: 'PUBLISHED', offline: 'OFFLINE' } as const;
export const CONTENT_STATUS_DICT = 'content_status';

const field = (name: string) => `resources:content.fields.${name}`;
const action = (name: string) => `resources:content.actions.${name}`;

function contentResource(
  name: 'news' | 'notices',
  permissions: typeof PERMISSIONS.news | typeof PERMISSIONS.notice,
  kind: 'news' | 'notice',
  order: number,
  icon: string,
) {
  return defineResource({
    name,
    apiBase: `/op/v1/content/${name}`,
    menuUri: `platform-content:${kind}`,
    menu: { parent: 'platform-content', path: `/op/platform-content/${kind}/edit`, order, icon },
    title: `resources:${kind}.title`,
    item: `resources:${kind}.item`,
    permissions,
    defaultSort: [
      { field: 'pinned', order: 'desc' },
      { field: 'pinTime', order: 'desc' },
      { field: 'createTime', order: 'desc' },
    ],
    fields: {
      title: { type: 'string', label: field('title'), required: true, maxLength: 100, search: 'contains', sortable: true, width: 260 },
      summary: { type: 'text', label: field('summary'), maxLength: 300 },
      // Not a column: a thumbnail per row would cost each page two more calls per row.
      coverFileId: { type: 'image', label: field('coverFileId'), column: false },
      author: { type: 'string', label: field('author'), maxLength: 50, width: 120 },
      content: { type: 'richText', label: field('content'), required: true, maxLength: 200_000 },
      status: { type: 'dict', label: field('status'), dictType: CONTENT_STATUS_DICT, readOnly: true, search: 'eq', width: 100 },
      pinned: { type: 'boolean', label: field('pinned'), readOnly: true, sortable: true, width: 90 },
      pinTime: { type: 'datetime', label: field('pinTime'), readOnly: true, sortable: true, column: false },
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
      pin: { label: action('pin'), permission: permissions.pin, when: { status: [CONTENT_STATUS.published], pinned: [false] } },
      unpin: { label: action('unpin'), permission: permissions.pin, when: { pinned: [true] } },
    },
  });
}

export const newsResource = contentResource('news', PERMISSIONS.news, 'news', 10, 'FileTextOutlined');
export const noticeResource = contentResource('notices', PERMISSIONS.notice, 'notice', 20, 'NotificationOutlined');

export const CONTENT_RESOURCES = [newsResource, noticeResource] as const;
