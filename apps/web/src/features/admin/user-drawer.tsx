import type { AdminUser } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Divider, Drawer, Result, Skeleton, Tag } from 'antd';
import { shanghaiDateTime } from '../../components/format';
import { useIsPhone } from '../../components/use-is-phone';
import { coreCopy } from '../../i18n/zh-CN.core';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { userQuery } from './admin-queries';
import { FreezeSection } from './freeze-control';
import { useOpCheck } from './op-check';
import { AccessSection, CoinsSection, MembershipSection } from './user-actions';
import { UserHistory } from './user-history';

const d = adminCopy.drawer;
const DRAWER_WIDTH = 640;

function Info({ user }: { user: AdminUser }) {
  const staff = [
    user.is_admin && adminCopy.users.staffNames.admin,
    user.is_operator && adminCopy.users.staffNames.operator,
    user.is_teacher && adminCopy.users.staffNames.teacher,
  ].filter(Boolean);
  return (
    <Descriptions size="small" column={1} title={d.info}>
      <Descriptions.Item label={d.phone}>{user.phone ?? d.none}</Descriptions.Item>
      <Descriptions.Item label={d.email}>{user.email ?? d.none}</Descriptions.Item>
      <Descriptions.Item label={d.registered}>{shanghaiDateTime(user.created_stamp)}</Descriptions.Item>
      <Descriptions.Item label={d.staff}>{staff.length > 0 ? staff.join('、') : d.none}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * One user in the admin console: who they are, their tier and its end, flash coins, access rights, freezing, and
 * their histories. Every change asks for a confirmation code and shows the user as the server answers afterwards.
 */
export function UserDrawer({ userId, onClose }: { userId: number; onClose: () => void }) {
  const phone = useIsPhone();
  const full = useQuery(userQuery(userId));
  const { ask, dialog } = useOpCheck();
  const user = full.data?.user;
  return (
    <Drawer
      open
      onClose={onClose}
      size={phone ? '100%' : DRAWER_WIDTH}
      title={
        user ? (
          <span>
            {d.title(user.name, user.id)} {user.is_freeze && <Tag color="red">{adminCopy.users.frozen}</Tag>}
          </span>
        ) : (
          `ID ${userId}`
        )
      }
      destroyOnHidden
    >
      {full.isError ? (
        <Result
          status="warning"
          subTitle={d.loadFailed}
          extra={<Button onClick={() => void full.refetch()}>{coreCopy.common.retry}</Button>}
        />
      ) : !full.data || !user ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div className="gam-drawer">
          <Info user={user} />
          <Divider />
          <MembershipSection user={user} ask={ask} />
          <Divider />
          <CoinsSection user={user} ask={ask} />
          <Divider />
          <AccessSection user={user} ask={ask} />
          <Divider />
          <FreezeSection user={user} ask={ask} />
          <Divider />
          <UserHistory full={full.data} />
        </div>
      )}
      {dialog}
    </Drawer>
  );
}
