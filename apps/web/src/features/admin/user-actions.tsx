import {
  COIN_CHANGE_MAX,
  GRANT_DAYS_MAX,
  MEMBERSHIP_TIERS,
  permissionCalls,
  ROLE_NAMES,
  TAILOR_USE_CHANGE_MAX,
  type AdminUser,
  type MembershipTier,
} from '@gre/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Form, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { shanghaiDateTime } from '../../components/format';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { userChanged } from './admin-queries';
import type { OpCheckRequest } from './op-check';

const d = adminCopy.drawer;

/** Opens the confirmation-code dialog for one change (the drawer's `useOpCheck().ask`). */
export type Ask = <T>(request: OpCheckRequest<T>) => void;

export const who = (user: AdminUser) => d.title(user.name, user.id);

/** Runs a permission call behind the confirmation code, then shows the user as the server answered. */
function useUserChange(ask: Ask) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return (action: string, summary: string, done: string, run: (opCode: string) => Promise<AdminUser>) =>
    ask({
      action,
      summary,
      run,
      onDone: (user) => {
        userChanged(qc, user);
        void message.success(done);
      },
    });
}

/** 会员: the tier in force and its end; grant VIP or SVIP for days (renewals extend); end the tier now. */
export function MembershipSection({ user, ask }: { user: AdminUser; ask: Ask }) {
  const change = useUserChange(ask);
  const [tier, setTier] = useState<MembershipTier>('VIP');
  const [days, setDays] = useState<number | null>(30);
  const above = user.role_kind !== user.base_role_kind;
  const grant = () => {
    if (!days) return;
    change(d.grantAction, d.grantSummary(who(user), ROLE_NAMES[tier], days), d.granted, (op_code) =>
      call(permissionCalls.manualGrantVip, { user_id: user.id, tier, days, op_code }),
    );
  };
  const remove = () =>
    change(
      d.removeAction,
      d.removeSummary(who(user), user.role_name, ROLE_NAMES[user.base_role_kind]),
      d.removed,
      (op_code) => call(permissionCalls.removeVip, { user_id: user.id, op_code }),
    );
  return (
    <section aria-label={d.membership}>
      <Typography.Title level={5}>{d.membership}</Typography.Title>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={d.current}>{user.role_name}</Descriptions.Item>
        <Descriptions.Item label={d.expires}>
          {user.expire_stamp === null ? adminCopy.users.forever : shanghaiDateTime(user.expire_stamp)}
        </Descriptions.Item>
        <Descriptions.Item label={d.base}>{ROLE_NAMES[user.base_role_kind]}</Descriptions.Item>
      </Descriptions>
      <Space wrap align="end">
        <Form.Item label={d.grantTier} style={{ marginBottom: 0 }} layout="vertical">
          <Select<MembershipTier>
            aria-label={d.grantTier}
            value={tier}
            onChange={setTier}
            options={MEMBERSHIP_TIERS.map((t) => ({ value: t, label: ROLE_NAMES[t] }))}
            style={{ width: 120 }}
          />
        </Form.Item>
        <Form.Item label={d.grantDays} style={{ marginBottom: 0 }} layout="vertical">
          <InputNumber
            aria-label={d.grantDays}
            min={1}
            max={GRANT_DAYS_MAX}
            precision={0}
            value={days}
            onChange={setDays}
          />
        </Form.Item>
        <Button type="primary" onClick={grant} disabled={!days}>
          {d.grantButton}
        </Button>
        <Button danger onClick={remove} disabled={!above} title={above ? undefined : d.removeNothing}>
          {d.remove}
        </Button>
      </Space>
    </section>
  );
}

/** A signed amount to add or take, never taking more than there is (the server refuses that as well). */
function DeltaInput({
  label,
  max,
  available,
  tooMany,
  addText,
  takeText,
  onApply,
}: {
  label: string;
  max: number;
  available: number;
  tooMany: string;
  addText: string;
  takeText: string;
  onApply: (delta: number) => void;
}) {
  const [amount, setAmount] = useState<number | null>(null);
  const takeTooMany = amount !== null && amount > available;
  return (
    <Form.Item
      label={label}
      layout="vertical"
      style={{ marginBottom: 0 }}
      validateStatus={takeTooMany ? 'warning' : undefined}
      help={takeTooMany ? tooMany : undefined}
    >
      <Space wrap>
        <InputNumber aria-label={label} min={1} max={max} precision={0} value={amount} onChange={setAmount} />
        <Button disabled={!amount} onClick={() => amount && onApply(amount)}>
          {addText}
        </Button>
        <Button danger disabled={!amount || takeTooMany} onClick={() => amount && onApply(-amount)}>
          {takeText}
        </Button>
      </Space>
    </Form.Item>
  );
}

/** 闪卡金币: the balance and a change by a signed amount. */
export function CoinsSection({ user, ask }: { user: AdminUser; ask: Ask }) {
  const change = useUserChange(ask);
  return (
    <section aria-label={d.coins}>
      <Typography.Title level={5}>{d.coins}</Typography.Title>
      <Typography.Paragraph>{d.balance(user.flash_coins)}</Typography.Paragraph>
      <DeltaInput
        label={d.coinDelta}
        max={COIN_CHANGE_MAX}
        available={user.flash_coins}
        tooMany={d.coinTooMany(user.flash_coins)}
        addText={d.coinAdd}
        takeText={d.coinTake}
        onApply={(delta) =>
          change(d.coinAction(delta), d.coinSummary(who(user), delta, user.flash_coins), d.coinDone, (op_code) =>
            call(permissionCalls.manualChangeFlashCoin, { user_id: user.id, delta, op_code }),
          )
        }
      />
    </section>
  );
}

type Right = 'higher' | 'crown' | 'shelf';

const RIGHTS: { key: Right; name: string; help: string; on: (u: AdminUser) => boolean }[] = [
  { key: 'higher', name: d.higher, help: d.higherHelp, on: (u) => u.higher_access },
  { key: 'crown', name: d.crown, help: d.crownHelp, on: (u) => u.has_crown },
  { key: 'shelf', name: d.shelf, help: d.shelfHelp, on: (u) => u.show_tailor_shelf },
];

const setRight = (right: Right, user_id: number, on: boolean, op_code: string) =>
  right === 'higher'
    ? call(permissionCalls.setHigher, { user_id, on, op_code })
    : right === 'crown'
      ? call(permissionCalls.setHigh, { user_id, on, op_code })
      : call(permissionCalls.assignCommonTailorUse, { user_id, on, op_code });

/** 题库与资料权限: the higher bank, the crown (materials whatever the tier), the tailor shelf, custom tailor uses. */
export function AccessSection({ user, ask }: { user: AdminUser; ask: Ask }) {
  const change = useUserChange(ask);
  return (
    <section aria-label={d.access}>
      <Typography.Title level={5}>{d.access}</Typography.Title>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {RIGHTS.map((r) => {
          const on = r.on(user);
          return (
            <div key={r.key} className="gam-right">
              <Switch
                checked={on}
                aria-label={r.name}
                onChange={(next) =>
                  change(d.switchAction(r.name, next), d.switchSummary(who(user), r.name, next), d.switched, (code) =>
                    setRight(r.key, user.id, next, code),
                  )
                }
              />
              <div>
                <Typography.Text strong>{r.name}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{r.help}</Typography.Text>
              </div>
            </div>
          );
        })}
        <Typography.Text type="secondary">{d.materialNow(user.material_access)}</Typography.Text>
        <Typography.Text strong>
          {d.customUses}：{d.customUsesNow(user.custom_tailor_uses)}
        </Typography.Text>
        <Typography.Text type="secondary">{d.customUsesHelp}</Typography.Text>
        <DeltaInput
          label={d.customDelta}
          max={TAILOR_USE_CHANGE_MAX}
          available={user.custom_tailor_uses}
          tooMany={d.customTooMany(user.custom_tailor_uses)}
          addText={d.coinAdd}
          takeText={d.customTake}
          onApply={(delta) =>
            change(
              d.customAction,
              d.customSummary(who(user), delta, user.custom_tailor_uses),
              d.customDone,
              (op_code) => call(permissionCalls.assignCustomTailorUse, { user_id: user.id, delta, op_code }),
            )
          }
        />
      </Space>
    </section>
  );
}
