import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { useTitle } from '../../routes/titles';
import type { AppRoute } from '../../routes/types';

/** Home, then the directories above the page, then the page (directories are not links: they are not pages). */
export function Breadcrumbs({ route, home }: { route: AppRoute; home: AppRoute | undefined }) {
  const title = useTitle();
  const items = [
    ...(home && home.path !== route.path ? [{ key: home.path, title: <Link to={home.path}>{title(home)}</Link> }] : []),
    ...route.ancestors.map((crumb) => ({ key: crumb.path, title: title(crumb) })),
    { key: route.path, title: title(route) },
  ];
  return <Breadcrumb className="navbar-breadcrumb" items={items} />;
}
