import { ROLE_KINDS, ROLE_NAMES, STAFF_ROLES, type AdminUser, type RoleKind, type StaffRole } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, List, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { shanghaiDateTime } from '../../components/format';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { AdminList } from './admin-list';
import { usersQuery, type UserSearch } from './admin-queries';
import { UserDrawer } from './user-drawer';

const u = adminCopy.users;

/** The tier in force and until when, as one line. */
export function roleLine(user: AdminUser): string {
  const until = user.expire_stamp === null ? u.forever : u.until(shanghaiDateTime(user.expire_stamp).slice(0, 10));
  return `${user.role_name} · ${until}`;
}

/** The rights above the tier and the staff roles, as tags. */
function RightTags({ user }: { user: AdminUser }) {
  const staff = STAFF_ROLES.filter((r) =>
    r === 'admin' ? user.is_admin : r === 'operator' ? user.is_operator : user.is_teacher,
  );
  return (
    <Space size={[4, 4]} wrap>
      {staff.map((r) => (
        <Tag key={r} color="purple">
          {u.staffNames[r]}
        </Tag>
      ))}
      {user.higher_access && <Tag color="geekblue">{u.rights.higher}</Tag>}
      {user.has_crown && <Tag color="gold">{u.rights.crown}</Tag>}
      {user.show_tailor_shelf && <Tag color="cyan">{u.rights.shelf}</Tag>}
    </Space>
  );
}

const StateTag = ({ user }: { user: AdminUser }) =>
  user.is_freeze ? <Tag color="red">{u.frozen}</Tag> : <Tag color="green">{u.active}</Tag>;

const contact = (user: AdminUser) => [user.phone, user.email].filter(Boolean).join(' / ') || '—';

function Filters({ search, onChange }: { search: UserSearch; onChange: (s: UserSearch) => void }) {
  const [text, setText] = useState(search.query ?? '');
  return (
    <div className="gam-filters">
      <Input.Search
        aria-label={u.search}
        placeholder={u.searchPlaceholder}
        allowClear
        enterButton={u.search}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(q) => onChange({ ...search, query: q.trim(), page: 1 })}
        className="gam-search"
      />
      <Select<RoleKind | ''>
        aria-label={u.role}
        value={search.role_kind ?? ''}
        onChange={(v) => onChange({ ...search, role_kind: v || undefined, page: 1 })}
        options={[{ value: '', label: u.anyRole }, ...ROLE_KINDS.map((r) => ({ value: r, label: ROLE_NAMES[r] }))]}
        style={{ width: 130 }}
      />
      <Select<StaffRole | ''>
        aria-label={u.staff}
        value={search.staff ?? ''}
        onChange={(v) => onChange({ ...search, staff: v || undefined, page: 1 })}
        options={[{ value: '', label: u.anyStaff }, ...STAFF_ROLES.map((r) => ({ value: r, label: u.staffNames[r] }))]}
        style={{ width: 130 }}
      />
      <Select<'' | 'frozen' | 'active'>
        aria-label={u.state}
        value={search.frozen === undefined ? '' : search.frozen ? 'frozen' : 'active'}
        onChange={(v) => onChange({ ...search, frozen: v === '' ? undefined : v === 'frozen', page: 1 })}
        options={[
          { value: '', label: u.anyState },
          { value: 'active', label: u.active },
          { value: 'frozen', label: u.frozen },
        ]}
        style={{ width: 120 }}
      />
    </div>
  );
}

/** 用户: find users by phone, e-mail, name or id; a user's drawer (`?user=`) holds every change to them. */
export function UsersTab() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState<UserSearch>({ query: '', page: 1 });
  const list = useQuery(usersQuery(search));
  const openId = Number(params.get('user')) || null;
  const open = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete('user');
        else next.set('user', String(id));
        return next;
      },
      { replace: true },
    );
  const c = u.columns;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Filters search={search} onChange={setSearch} />
      <AdminList<AdminUser>
        list={list}
        page={search.page ?? 1}
        onPage={(page) => setSearch({ ...search, page })}
        loadFailed={u.loadFailed}
        empty={u.empty}
        totalText={u.total}
        renderCard={(user) => (
          <List.Item
            className="gam-user-item"
            actions={[
              <Button key="open" onClick={() => open(user.id)} aria-label={`${u.open} ${user.name}`}>
                {u.open}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space wrap size={4}>
                  <span>{user.name}</span>
                  <Typography.Text type="secondary">#{user.id}</Typography.Text>
                  <StateTag user={user} />
                </Space>
              }
              description={
                <Space orientation="vertical" size={2}>
                  <span>{contact(user)}</span>
                  <span>{roleLine(user)}</span>
                  <span>
                    {c.coins} {user.flash_coins}
                  </span>
                  <RightTags user={user} />
                </Space>
              }
            />
          </List.Item>
        )}
        tableProps={{ onRow: (user) => ({ onDoubleClick: () => open(user.id) }) }}
        columns={[
          { key: 'id', title: c.id, dataIndex: 'id', width: 70 },
          { key: 'name', title: c.name, dataIndex: 'name' },
          { key: 'contact', title: c.contact, render: (_, r) => contact(r) },
          { key: 'role', title: c.role, render: (_, r) => roleLine(r) },
          { key: 'coins', title: c.coins, dataIndex: 'flash_coins' },
          { key: 'rights', title: c.rights, render: (_, r) => <RightTags user={r} /> },
          { key: 'state', title: c.state, render: (_, r) => <StateTag user={r} /> },
          {
            key: 'action',
            title: c.action,
            render: (_, r) => (
              <Button size="small" onClick={() => open(r.id)} aria-label={`${u.open} ${r.name}`}>
                {u.open}
              </Button>
            ),
          },
        ]}
      />
      {openId !== null && <UserDrawer userId={openId} onClose={() => open(null)} />}
    </Space>
  );
}
