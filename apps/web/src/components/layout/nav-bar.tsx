import type { User } from '@gre/contracts';
import { MenuOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Drawer, Dropdown, Layout, Menu, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MailBell, MailNavLabel } from '../../features/mail';
import { zh } from '../../i18n/zh-CN.core';
import { navItems } from '../../route-table';
import { useStore } from '../../state/store';
import { appModeStore } from '../../state/app-mode';
import { layout, palette } from '../../theme';
import { useIsPhone } from '../use-is-phone';
import { useUserActions } from './user-actions';
import './nav-bar.css';

const n = zh.nav;

/**
 * The nav item a path lights up: only the most specific one, so /exercise_list/best is 高频精选 and not also 精选练习
 * (/exercise_list); / is home.
 */
export function selectedNavPaths(pathname: string, paths: readonly string[]): string[] {
  const current = pathname === '/' ? '/home' : pathname;
  const matches = paths.filter((p) => current === p || current.startsWith(`${p}/`));
  const longest = matches.reduce((best, p) => (p.length > best.length ? p : best), '');
  return longest ? [longest] : [];
}

function useNavMenu(user: User | null) {
  const adminMode = useStore(appModeStore, (m) => m.adminMode);
  const { pathname } = useLocation();
  const learner = navItems(user);
  const staff = [
    ...(user?.is_admin && adminMode ? [{ path: '/web_manage', label: n.webManage }] : []),
    // /operate: operators always; admins, who hold every staff flag, in admin mode like the console; teachers for
    // their 定制题本 tab, under the name of what they do there.
    ...(user?.authority.is_operator || (user?.is_admin && adminMode)
      ? [{ path: '/operate', label: n.operate }]
      : user?.authority.is_teacher
        ? [{ path: '/operate', label: n.teach }]
        : []),
  ];
  // A console is where staff work: right after 首页, so a full learner menu never pushes it into the overflow (…).
  const items = [...learner.slice(0, 1), ...staff, ...learner.slice(1)];
  return {
    selected: selectedNavPaths(
      pathname,
      items.map((i) => i.path),
    ),
    menuItems: items.map((i) => ({
      key: i.path,
      label: <Link to={i.path}>{i.path === '/mail' ? <MailNavLabel label={i.label} /> : i.label}</Link>,
    })),
  };
}

function UserMenu({ user }: { user: User }) {
  const { items, onClick } = useUserActions(user);
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label={n.userMenu} style={{ height: layout.touchTarget }}>
        <Space>
          <Avatar size="small" icon={<UserOutlined />} />
          <span>{user.name}</span>
        </Space>
      </Button>
    </Dropdown>
  );
}

function DrawerUserMenu({ user, onDone }: { user: User; onDone: () => void }) {
  const { items, onClick } = useUserActions(user, onDone);
  return <Menu mode="inline" selectable={false} items={items} onClick={onClick} />;
}

const brand = (
  <Link
    to="/"
    style={{
      display: 'inline-flex',
      alignItems: 'center',
      gap: layout.gutter / 2,
      color: palette.primary,
      whiteSpace: 'nowrap',
    }}
  >
    <img src="/favicon.svg" alt="" width={layout.brandLogo} height={layout.brandLogo} />
    <Typography.Text strong style={{ fontSize: layout.brandFontSize, color: palette.primary }}>
      {zh.appName}
    </Typography.Text>
  </Link>
);

/** ui.md: the top nav; at phone width it collapses to a drawer. */
export function NavBar({ user }: { user: User | null }) {
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  const { selected, menuItems } = useNavMenu(user);
  const loginButton = (
    <Link to="/login">
      <Button type="primary">{n.login}</Button>
    </Link>
  );

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: layout.gutter,
        borderBottom: `1px solid ${palette.border}`,
        position: 'sticky',
        top: 0,
        zIndex: layout.navZ,
      }}
    >
      {phone && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label={n.menu}
          onClick={() => setOpen(true)}
          style={{ width: layout.touchTarget, height: layout.touchTarget }}
        />
      )}
      {brand}
      {!phone && (
        <Menu
          className="gre-nav-menu"
          mode="horizontal"
          selectedKeys={selected}
          items={menuItems}
          style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
        />
      )}
      <div style={{ marginLeft: 'auto', display: 'flex', alignItems: 'center' }}>
        {user && <MailBell />}
        {user ? !phone && <UserMenu user={user} /> : loginButton}
      </div>
      {phone && (
        <Drawer
          open={open}
          onClose={() => setOpen(false)}
          placement="left"
          title={zh.appName}
          size={layout.drawerWidth}
        >
          <Menu mode="inline" selectedKeys={selected} items={menuItems} onClick={() => setOpen(false)} />
          {user && <DrawerUserMenu user={user} onDone={() => setOpen(false)} />}
        </Drawer>
      )}
    </Layout.Header>
  );
}
