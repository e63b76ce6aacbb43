import { Drawer } from 'antd';
import type { NavItem } from '../../routes/types';
import { Sidebar } from './Sidebar';

/** The sidebar as a drawer on phones (below 992 px), loaded only there. */
export default function MobileSidebar({ nav, open, onClose, width }: { nav: readonly NavItem[]; open: boolean; onClose: () => void; width: number }) {
  return (
    <Drawer placement="left" open={open} onClose={onClose} width={width} closable={false} className="sidebar-drawer" styles={{ body: { padding: 0 } }}>
      <Sidebar nav={nav} collapsed={false} onExpand={() => undefined} onNavigate={onClose} />
    </Drawer>
  );
}
