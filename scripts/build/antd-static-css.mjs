// antd's styles for the components the first screens (/login/op, /op at any width) show, rendered
// once at build time instead of in every browser at start.
//
// antd writes its CSS at run time: the first time a component renders, its styles are generated from
// the theme's tokens, serialised and inserted as a <style> element, all on the main thread while the
// page is being built. Rendered here with antd's own extractor, the same CSS ships as one cached file,
// and the cache-path map at its end (`.data-ant-cssinjs-cache-path{content:"…"}`) tells antd in the
// browser that these styles exist, so it skips them. Anything else (other components, the dark
// theme, another primary colour) is generated at run time exactly as before.
//
// The theme must be the app's light default (src/layout/theme/ThemeProvider.tsx): the map's keys
// carry a hash of the theme's tokens, and a mismatch only means antd generates the styles itself.
// tests/e2e/shell.spec.ts fails when a first screen generates a component's styles at run time, so a
// component added to the shell or the login form is added here too.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * `colorPrimary`: the app's default (DEFAULT_THEME_COLOR of src/layout/settings/settings-store.ts).
 * `pages`: also the components of the list and task pages (tables, their search forms, record
 * drawers and forms, the task view's cards, steps and timeline): the stylesheet a deep link to a page
 * gets instead of the first screens' (server/front-end/route-preloads.ts). antd reads one cache-path
 * map, the last stylesheet's, so this one is a whole superset, not an addition.
 */
export function antdStaticCss({ colorPrimary, pages = false }) {
  if (process.env.NODE_ENV !== 'production') {
    // antd names its hash classes differently outside production ('css-dev-only-do-not-override-…').
    throw new Error('antd static CSS is rendered for the production build only (NODE_ENV=production)');
  }
  const React = require('react');
  const { renderToString } = require('react-dom/server');
  const { createCache, extractStyle, StyleProvider } = require('@ant-design/cssinjs');
  const antd = require('antd');
  const { Alert, App, Avatar, Badge, Breadcrumb, Button, ConfigProvider, Drawer, Dropdown, Empty, Form, Input, Menu, Spin, Tag, Tooltip, theme } = antd;
  const h = React.createElement;
  const cache = createCache();
  renderToString(
    h(
      StyleProvider,
      { cache },
      h(
        ConfigProvider,
        { theme: { algorithm: theme.defaultAlgorithm, token: { colorPrimary } } },
        h(
          App,
          null,
          // the login form
          h(Form, { layout: 'vertical' }, h(Form.Item, { label: 'x' }, h(Input)), h(Form.Item, null, h(Input.Password))),
          h(Alert, { message: 'x', showIcon: true }),
          h(Button, { type: 'primary' }),
          // the shell: sidebar, navbar, tags-view, drawers, the home page
          h(Menu, { mode: 'inline', items: [{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }] }),
          h(Badge, { dot: true }, h('span')),
          h(Breadcrumb, { items: [{ title: 'x' }] }),
          h(Dropdown, { menu: { items: [] } }, h('span')),
          h(Tooltip, { title: 'x' }, h('span')),
          h(Avatar),
          h(Tag, { color: 'blue' }),
          h(Drawer, { open: true }),
          h(Spin),
          h(Empty),
          ...(pages ? pageComponents(h, antd) : []),
        ),
      ),
    ),
  );
  return extractStyle(cache, { plain: true, types: ['style', 'token'] });
}

/** What list and task pages render besides the shell: the kit's list, search form, forms and drawers, the task view. */
function pageComponents(h, antd) {
  const {
    Card,
    Checkbox,
    Col,
    Collapse,
    DatePicker,
    Descriptions,
    Divider,
    Flex,
    Form,
    Input,
    InputNumber,
    Modal,
    Pagination,
    Popconfirm,
    Popover,
    Radio,
    Result,
    Row,
    Segmented,
    Select,
    Skeleton,
    Space,
    Steps,
    Switch,
    Table,
    Tabs,
    Tag,
    Timeline,
    Typography,
    Upload,
  } = antd;
  const columns = [
    { title: 'a', dataIndex: 'a', sorter: true, fixed: 'left' },
    { title: 'b', dataIndex: 'b', filters: [{ text: 'x', value: 'x' }] },
  ];
  return [
    h(Table, {
      rowKey: 'a',
      columns,
      dataSource: [{ a: '1', b: '2' }],
      rowSelection: {},
      scroll: { x: 'max-content' },
      pagination: { total: 100, showSizeChanger: true, showQuickJumper: true, showTotal: () => 'x' },
    }),
    h(Pagination, { total: 100, showSizeChanger: true }),
    h(Form, { layout: 'inline' }, h(Row, null, h(Col, { span: 8 }, h(Form.Item, { label: 'x' }, h(Select, { options: [] }))))),
    h(Select, { mode: 'multiple', options: [] }),
    h(DatePicker),
    h(DatePicker.RangePicker),
    h(InputNumber),
    h(Input.TextArea),
    h(Input.Search),
    h(Switch),
    h(Checkbox),
    h(Radio.Group, { options: ['x'] }),
    h(Segmented, { options: ['x'] }),
    h(Space, null, h('span')),
    h(Flex, null, h('span')),
    h(Divider),
    h(Descriptions, { items: [{ key: 'x', label: 'x', children: 'x' }], bordered: true }),
    h(Card, { title: 'x', size: 'small' }, 'x'),
    h(Modal, { open: true, title: 'x' }),
    h(Popconfirm, { title: 'x' }, h('span')),
    h(Popover, { content: 'x' }, h('span')),
    h(Tabs, { items: [{ key: 'x', label: 'x', children: 'x' }] }),
    h(Steps, { items: [{ title: 'x' }] }),
    h(Timeline, { items: [{ children: 'x' }] }),
    h(Result, { status: 'info', title: 'x' }),
    h(Skeleton),
    h(Collapse, { items: [{ key: 'x', label: 'x', children: 'x' }] }),
    h(Typography.Text, null, 'x'),
    h(Upload),
    // A status colour (the dictionaries' tags) is a style of its own, apart from the preset colours.
    h(Tag, { color: 'success' }),
  ];
}
