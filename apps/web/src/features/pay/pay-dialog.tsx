import {
  DEFAULT_DURATION,
  DEFAULT_PACK,
  FLASH_COIN_PACKS,
  isBelowHeld,
  MEMBERSHIP_DURATIONS,
  MEMBERSHIP_TIERS,
  type DiscountCodeResult,
  type MembershipTier,
  type PurchasableKind,
} from '@gre/contracts';
import { Alert, Button, Form, Radio, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { zh } from '../../i18n/zh-CN';
import { useStore } from '../../state/store';
import { closeDialog, dialogStore } from '../../state/ui';
import { useCurrentUser } from '../auth';
import { DiscountCodeField } from './discount-code';
import './pay.css';
import { PayStatusView } from './pay-status';
import { usePayment, type PayRequest } from './use-payment';

const p = zh.pay;
const DURATION_PARAMS = Object.keys(MEMBERSHIP_DURATIONS).map(Number);
const PACK_PARAMS = Object.keys(FLASH_COIN_PACKS).map(Number);

/**
 * Spec §2/§4 payment dialog, one for every kind: membership (a VIP / SVIP switch opening on the tier asked for, tabs
 * 7天 / 1个月 / 2个月 / 3个月 from 1个月) or flash-card quota (50题 / 100题 / 200题 from 100题). Every switch and every
 * applied discount code creates a new trade (the server closes the old one); the status table, the polling and the
 * success action are `usePayment`'s. The dialog draws its own footer: '我已支付' beside the QR code, and '关闭'.
 */
export function PayDialogBody({ kind }: { kind: PurchasableKind }) {
  const user = useCurrentUser();
  // Closing starts antd's closing motion before the body unmounts: polling stops at once, not after it.
  const open = useStore(dialogStore, (d) => d?.kind === 'pay' && d.trade === kind);
  const membership = kind !== 'FlashCoin';
  const [req, setReq] = useState<PayRequest>({
    kind,
    param: membership ? DEFAULT_DURATION : DEFAULT_PACK,
    code: null,
    round: 0,
  });
  const [applied, setApplied] = useState<DiscountCodeResult | null>(null);
  const pay = usePayment(req, user, open);
  const change = (next: Partial<Omit<PayRequest, 'round'>>) => setReq((r) => ({ ...r, ...next, round: r.round + 1 }));

  const role = user?.authority.role_kind ?? 'Trail';
  const waitPay = pay.trade?.status === 'WaitPay' && !pay.confirming && !pay.initError;
  const params = membership ? DURATION_PARAMS : PACK_PARAMS;
  const names = membership ? p.durations : p.packs;

  return (
    <div className="gr-pay">
      {membership && (
        <Radio.Group
          aria-label={p.tierLabel}
          optionType="button"
          buttonStyle="solid"
          value={req.kind}
          onChange={(e) => change({ kind: e.target.value as MembershipTier })}
          // A tier below the one held would be refused (buy_role_exist); the same tier is a renewal.
          options={MEMBERSHIP_TIERS.map((tier) => ({
            value: tier,
            label: p.tiers[tier],
            disabled: isBelowHeld(role, tier),
          }))}
        />
      )}
      <Tabs
        aria-label={membership ? p.durationLabel : p.packLabel}
        activeKey={String(req.param)}
        centered
        size="small"
        tabBarGutter={16}
        onChange={(key) => change({ param: Number(key) })}
        items={params.map((n) => ({ key: String(n), label: names[n] }))}
      />
      <div className="gr-pay-status" aria-live="polite">
        <PayStatusView
          kind={req.kind}
          payment={pay.payment}
          trade={pay.trade}
          initError={pay.initError}
          confirming={pay.confirming}
          notYetPaid={pay.notYetPaid}
        />
      </div>
      {pay.slowQr && <Alert type="warning" showIcon title={p.slowQr} />}
      <Form layout="vertical" component="div">
        <DiscountCodeField
          applied={applied}
          onApplied={(code) => {
            setApplied(code);
            change({ code: code.code });
          }}
        />
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {p.noRefund}
      </Typography.Paragraph>
      <div className="gr-pay-footer">
        {pay.initError && <Button onClick={() => change({})}>{zh.common.retry}</Button>}
        <Button onClick={closeDialog}>{zh.common.close}</Button>
        {waitPay && (
          <Button type="primary" onClick={pay.checkPaid}>
            {p.paid}
          </Button>
        )}
      </div>
    </div>
  );
}
