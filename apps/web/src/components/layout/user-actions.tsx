import type { User } from '@gre/contracts';
import {
  BugOutlined,
  ExportOutlined,
  GiftOutlined,
  LogoutOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { Switch, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth';
import { zh } from '../../i18n/zh-CN.core';
import { appModeStore, withAdminMode } from '../../state/app-mode';
import { openAssistant } from '../../state/ui';
import { useStore } from '../../state/store';
import { layout } from '../../theme';

const n = zh.nav;

/** The user menu's entries (desktop dropdown and phone drawer share them). */
export function useUserActions(
  user: User,
  onDone?: () => void,
): { items: NonNullable<MenuProps['items']>; onClick: MenuProps['onClick'] } {
  const navigate = useNavigate();
  const logout = useLogout();
  const adminMode = useStore(appModeStore, (m) => m.adminMode);
  const items: NonNullable<MenuProps['items']> = [
    {
      key: 'who',
      type: 'group',
      label: `${user.name} · ${user.authority.role_name}`,
    },
    ...(user.is_admin
      ? [
          {
            key: 'admin-mode',
            icon: <SafetyCertificateOutlined />,
            label: (
              <span style={{ display: 'inline-flex', gap: layout.gutter / 2, alignItems: 'center' }}>
                {n.adminMode}
                <Switch size="small" checked={adminMode} aria-label={n.adminMode} tabIndex={-1} />
              </span>
            ),
          },
        ]
      : []),
    { key: 'assistant', icon: <RobotOutlined />, label: n.assistant },
    { key: 'voucher', icon: <GiftOutlined />, label: n.voucher },
    { key: 'export', icon: <ExportOutlined />, label: n.exportData },
    { key: 'debug', icon: <BugOutlined />, label: n.debug },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: n.logout, danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'admin-mode') {
      appModeStore.set((m) => withAdminMode(m, !m.adminMode, user.is_admin));
      return;
    }
    onDone?.();
    if (key === 'assistant') openAssistant();
    if (key === 'voucher') void navigate('/voucher');
    if (key === 'export') void navigate('/export');
    if (key === 'debug') void navigate('/debug');
    if (key === 'logout') logout.mutate();
  };
  return { items, onClick };
}
