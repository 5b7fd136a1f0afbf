import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { SIDE_MENU_WIDTH } from '../../components/side-menu.tsx';

type Props = { open: boolean; title: string; onClose: () => void; children: ReactNode };

/**
 * The side menu as a drawer on phones: a chunk of its own (antd's Drawer, rc-drawer and the Skeleton its panel
 * imports), requested only when the layout is drawn on a phone, so a desktop's first load does without it (ADR 0058).
 */
export function MobileDrawer({ open, title, onClose, children }: Props) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={SIDE_MENU_WIDTH}
      title={title}
      data-testid="mobile-menu"
      styles={{ body: { padding: 0 } }}
    >
      {children}
    </Drawer>
  );
}
