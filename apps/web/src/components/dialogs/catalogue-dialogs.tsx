import type { QuotaRefusal } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Tag, Typography } from 'antd';
import { currentUserQuery } from '../../api/queries';
import { getToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { layout } from '../../theme';
import { UpgradeButtons } from '../upgrade-buttons';
import { PriceTable, TierNotes, TierTable } from './tier-table';

const d = zh.dialogs;
const q = d.quota;

/** A quota refusal's true cause with its figures, and the one next action. */
export function QuotaCause({ quota, subject }: { quota: QuotaRefusal; subject?: string | null }) {
  const role = quota.role_name;
  const [cause, next] =
    quota.reason === 'assistant'
      ? [q.assistantDay(role, quota.limit, quota.used), q.assistantDayRenews]
      : quota.reason === 'essay'
        ? quota.period === 'day'
          ? [q.essayDay(role, quota.limit, quota.used), q.essayDayRenews]
          : [q.essayTotal(role, quota.limit, quota.used), q.essayTotalNext]
        : quota.reason === 'day'
          ? [q.day(role, subject ?? '', quota.limit, quota.used), q.dayRenews]
          : quota.reason === 'total'
            ? [q.total(role, quota.limit, quota.used), q.totalNext]
            : quota.period === 'week'
              ? [q.simulateWeek(role, quota.limit, quota.used), q.simulateWeekRenews]
              : [q.simulateTotal(role, quota.limit, quota.used), q.simulateTotalNext];
  return (
    <>
      <Typography.Paragraph strong>{cause}</Typography.Paragraph>
      <Typography.Paragraph>{next}</Typography.Paragraph>
    </>
  );
}

function useCachedUser() {
  return useQuery({ ...currentUserQuery, enabled: false }).data ?? null;
}

/** Spec §2 membership upgrade dialog, opened by `limit` and `role_overflow`: the tiers, their prices, the way to pay. */
export function UpgradeDialogBody({
  reason,
  quota,
}: {
  reason: 'limit' | 'role_overflow';
  quota?: QuotaRefusal | null;
}) {
  const user = useCachedUser();
  return (
    <>
      <Alert type="warning" showIcon title={reason === 'limit' ? zh.errors.limit : zh.errors.roleOverflow} />
      {quota && (
        <div style={{ marginTop: layout.gutter }}>
          <QuotaCause quota={quota} />
        </div>
      )}
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
      <UpgradeButtons />
    </>
  );
}

/** Spec §8 out-of-quota dialog with the role name and subject. */
export function DayOverflowBody({
  subject,
  roleName,
  quota,
}: {
  subject: string | null;
  roleName: string | null;
  quota?: QuotaRefusal | null;
}) {
  const user = useCachedUser();
  const role = roleName ?? user?.authority.role_name ?? '';
  return (
    <>
      {quota ? (
        <QuotaCause quota={quota} subject={subject} />
      ) : (
        <>
          <Typography.Paragraph strong>{d.dayOverflowBody(role, subject)}</Typography.Paragraph>
          <Typography.Paragraph>{d.dayOverflowReset}</Typography.Paragraph>
        </>
      )}
      <TierTable />
      <TierNotes />
      <UpgradeButtons />
    </>
  );
}

/** Spec §2 simulated-exam no-permission dialog: the simulations used up (with figures), or the questions' tier. */
export function SimNoPermBody({ quota }: { quota?: QuotaRefusal | null }) {
  return (
    <>
      {quota ? (
        <QuotaCause quota={quota} />
      ) : (
        <>
          <Typography.Paragraph strong>{d.simNoPermBody}</Typography.Paragraph>
        </>
      )}
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
      <UpgradeButtons />
    </>
  );
}

/** Spec §2 rights overview: what each tier gives, what it costs now, and the way to pay for it. */
export function RightsOverviewBody() {
  return (
    <>
      <Typography.Paragraph>{zh.pay.overview.intro}</Typography.Paragraph>
      <TierTable />
      <Typography.Title level={5}>{zh.tiers.pricesTitle}</Typography.Title>
      <PriceTable />
      <TierNotes />
      <UpgradeButtons />
    </>
  );
}
