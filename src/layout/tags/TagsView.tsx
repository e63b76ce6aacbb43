import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { findRoute } from '../../routes/menu-routes';
import { useTitle } from '../../routes/titles';
import type { RouteTable } from '../../routes/types';
import { tagHref, type Tag } from './tag-rules';
import { useTagActions } from './use-tag-actions';

/**
 * The tags-view bar (spec 2.6): the visited pages, each with a context menu offering 刷新页面,
 * 关闭当前, 关闭其他 and 关闭所有; pinned tags have no close button and survive every close.
 */
export function TagsView({ table, tags }: { table: RouteTable; tags: readonly Tag[] }) {
  const { t } = useTranslation('shell');
  const title = useTitle();
  const { pathname } = useLocation();
  const actions = useTagActions(table);
  const activeRef = useRef<HTMLAnchorElement>(null);

  // After the frame is painted, not inside React's commit: scrolling measures the layout, and doing
  // that while the page is still being built would lay it out twice in one long task.
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [pathname]);

  const menuFor = (tag: Tag): MenuProps => {
    const closable = (path: string) => !actions.isAffix(path);
    return {
      items: [
        { key: 'refresh', label: t('tags.refresh') },
        { key: 'close', label: t('tags.close'), disabled: !closable(tag.path) },
        { key: 'closeOthers', label: t('tags.closeOthers'), disabled: !tags.some((other) => other.path !== tag.path && closable(other.path)) },
        { key: 'closeAll', label: t('tags.closeAll'), disabled: !tags.some((other) => closable(other.path)) },
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        if (key === 'refresh') actions.refresh(tag.path);
        else if (key === 'close') void actions.close(tag.path);
        else if (key === 'closeOthers') void actions.closeOthers(tag.path);
        else void actions.closeAll();
      },
    };
  };

  const active = tags.find((tag) => tag.path === pathname);

  return (
    <div className="tags-view" data-testid="tags-view">
      <nav className="tags-view-scroll" aria-label={t('tags.label')}>
        {tags.map((tag) => {
          const route = findRoute(table, tag.path);
          if (!route) return null;
          const isActive = tag.path === pathname;
          return (
            <Dropdown key={tag.path} trigger={['contextMenu']} menu={menuFor(tag)}>
              <span className={`tags-view-item${isActive ? ' is-active' : ''}`} data-testid="tag" data-path={tag.path}>
                <Link to={tagHref(tag)} ref={isActive ? activeRef : undefined} aria-current={isActive ? 'page' : undefined}>
                  {title(route)}
                </Link>
                {!route.affix && (
                  <button
                    type="button"
                    className="tags-view-close"
                    aria-label={t('tags.closeOne', { title: title(route) })}
                    onClick={() => void actions.close(tag.path)}
                  >
                    <CloseOutlined />
                  </button>
                )}
              </span>
            </Dropdown>
          );
        })}
      </nav>
      {active && (
        <Dropdown trigger={['click']} menu={menuFor(active)}>
          <Button type="text" size="small" className="tags-view-more" icon={<DownOutlined />} aria-label={t('tags.actions')} />
        </Dropdown>
      )}
    </div>
  );
}
