import { ROLE_RANK, type MembershipTier, type RoleKind } from '@gre/contracts';
import { Button, Space } from 'antd';
import { useCurrentUser } from '../features/auth';
import { payCopy as p } from '../i18n/zh-CN.pay';
import { openPay } from '../state/ui';

export interface UpgradeChoice {
  tier: MembershipTier;
  label: string;
  /** Buying the tier held again: offered only where `renew` asks for it, and never the main action. */
  renewal: boolean;
}

/**
 * What a user with `role` is offered (spec §2): a button for each tier they are below, and — when there is none — a
 * disabled button naming their identity. `renew` adds buying the tier held again (product.md: a renewal extends from
 * the current expiry). Pure, so each role's row is testable without rendering.
 */
export function upgradeChoices(role: RoleKind, renew = false): { buttons: UpgradeChoice[]; identity: string | null } {
  const rank = ROLE_RANK[role];
  const buttons: UpgradeChoice[] = [];
  if (renew && role === 'VIP') buttons.push({ tier: 'VIP', label: p.upgrade.renewVip, renewal: true });
  if (renew && role === 'SVIP') buttons.push({ tier: 'SVIP', label: p.upgrade.renewSvip, renewal: true });
  if (rank < ROLE_RANK.VIP) buttons.push({ tier: 'VIP', label: p.upgrade.vip, renewal: false });
  if (rank < ROLE_RANK.SVIP) buttons.push({ tier: 'SVIP', label: p.upgrade.svip, renewal: false });
  const upgrades = buttons.some((b) => !b.renewal);
  return { buttons, identity: upgrades ? null : p.upgrade.current(p.upgrade.identity[role] ?? role) };
}

/**
 * Spec §2 membership upgrade buttons: only for a logged-in user; '开通会员' below VIP and '开通超级会员' below SVIP,
 * each opening the payment dialog on that tier; otherwise a disabled button with the current identity. On the home
 * card `renew` also offers renewing the tier held ('续费会员').
 */
export function UpgradeButtons({ renew = false, size }: { renew?: boolean; size?: 'small' | 'middle' | 'large' }) {
  const user = useCurrentUser();
  if (!user) return null;
  const { buttons, identity } = upgradeChoices(user.authority.role_kind, renew);
  return (
    <Space wrap>
      {identity && (
        <Button size={size} disabled>
          {identity}
        </Button>
      )}
      {buttons.map((b) => (
        <Button
          key={b.label}
          size={size}
          type={b.tier === 'SVIP' && !b.renewal ? 'primary' : 'default'}
          onClick={() => openPay(b.tier)}
        >
          {b.label}
        </Button>
      ))}
    </Space>
  );
}

/** The flash-card quota purchase (spec §2), beside the quota count: any logged-in user may buy it. */
export function BuyFlashCoinsButton({ size }: { size?: 'small' | 'middle' | 'large' }) {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <Button size={size} onClick={() => openPay('FlashCoin')}>
      {p.upgrade.buyFlash}
    </Button>
  );
}
