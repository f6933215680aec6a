import { useQuery } from '@tanstack/react-query';
import { Alert, Tag, Typography } from 'antd';
import { currentUserQuery } from '../../api/queries';
import { getToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { layout } from '../../theme';
import { PriceTable, TierNotes, TierTable } from './tier-table';

const d = zh.dialogs;

function useCachedUser() {
  return useQuery({ ...currentUserQuery, enabled: false }).data ?? null;
}

/** Spec §2 membership upgrade dialog, opened by `limit` and `role_overflow`. Purchase buttons come with payment. */
export function UpgradeDialogBody({ reason }: { reason: 'limit' | 'role_overflow' }) {
  const user = useCachedUser();
  return (
    <>
      <Alert type="warning" showIcon title={reason === 'limit' ? zh.errors.limit : zh.errors.roleOverflow} />
      {user && getToken() && (
        <Typography.Paragraph style={{ marginTop: layout.gutter }}>
          {d.currentRole}
          <Tag color="blue">{user.authority.role_name}</Tag>
        </Typography.Paragraph>
      )}
      <Typography.Paragraph style={{ marginTop: layout.gutter }}>{d.upgradeIntro}</Typography.Paragraph>
      <TierTable />
      <Typography.Title level={5}>{zh.tiers.pricesTitle}</Typography.Title>
      <PriceTable />
      <TierNotes />
      <Alert type="info" title={d.upgradePay} />
    </>
  );
}

/** Spec §8 out-of-quota dialog with the role name and subject. */
export function DayOverflowBody({ subject, roleName }: { subject: string | null; roleName: string | null }) {
  const user = useCachedUser();
  const role = roleName ?? user?.authority.role_name ?? '';
  return (
    <>
      <Typography.Paragraph strong>{d.dayOverflowBody(role, subject)}</Typography.Paragraph>
      <Typography.Paragraph>{d.dayOverflowReset}</Typography.Paragraph>
      <TierTable />
      <TierNotes />
    </>
  );
}

/** Spec §2 simulated-exam no-permission dialog. */
export function SimNoPermBody() {
  return (
    <>
      <Typography.Paragraph strong>{d.simNoPermBody}</Typography.Paragraph>
      <Typography.Paragraph>{d.simNoPermRule}</Typography.Paragraph>
      <TierTable />
    </>
  );
}

/** Product.md: an ordinary member opened a locked question — "only public questions". */
export function PublicOnlyBody() {
  return (
    <>
      <Alert type="warning" showIcon title={d.publicOnlyBody} />
      <Typography.Paragraph style={{ marginTop: layout.gutter }}>{d.publicOnlyRule}</Typography.Paragraph>
      <TierTable />
      <TierNotes />
    </>
  );
}
