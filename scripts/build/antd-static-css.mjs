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

/** `colorPrimary`: the app's default (DEFAULT_THEME_COLOR of src/layout/settings/settings-store.ts). */
export function antdStaticCss({ colorPrimary }) {
  if (process.env.NODE_ENV !== 'production') {
    // antd names its hash classes differently outside production ('css-dev-only-do-not-override-…').
    throw new Error('antd static CSS is rendered for the production build only (NODE_ENV=production)');
  }
  const React = require('react');
  const { renderToString } = require('react-dom/server');
  const { createCache, extractStyle, StyleProvider } = require('@ant-design/cssinjs');
  const { Alert, App, Avatar, Badge, Breadcrumb, Button, ConfigProvider, Drawer, Dropdown, Empty, Form, Input, Menu, Spin, Tag, Tooltip, theme } = require('antd');
  const h = React.createElement;
  const cache = createCache();
  renderToString(
    h(StyleProvider, { cache },
      h(ConfigProvider, { theme: { algorithm: theme.defaultAlgorithm, token: { colorPrimary } } },
        h(App, null,
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
        ),
      ),
    ),
  );
  return extractStyle(cache, { plain: true, types: ['style', 'token'] });
}

