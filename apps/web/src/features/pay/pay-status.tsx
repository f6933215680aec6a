import type { Payment, PurchasableKind, Trade } from '@gre/contracts';
import { Alert, QRCode, Result, Spin, Typography } from 'antd';
import { ApiError } from '../../api/client';
import { formatFen } from '../../components/format';
import { siteConfig } from '../../config';
import { zh } from '../../i18n/zh-CN';

const p = zh.pay;
const s = p.status;

/**
 * The QR code's side in CSS pixels: large enough for a phone camera at arm's length, small enough that the code and
 * its quiet zone fit the dialog on a 375 px phone (about 295 px of content width).
 */
const QR_SIZE = 200;

/** Spinner with a line, for every "wait" the dialog shows (creating the trade, confirming it). */
function Waiting({ text }: { text: string }) {
  return (
    <div className="gr-pay-waiting" role="status">
      <Spin />
      <Typography.Text type="secondary">{text}</Typography.Text>
    </div>
  );
}

/** Who to ask, and with which order number, when money may have moved but nothing was granted. */
function SupportLine({ trade }: { trade: Trade }) {
  return (
    <>
      <Typography.Paragraph copyable={{ text: trade.order }} style={{ marginBottom: 0 }}>
        {p.order(trade.order)}
      </Typography.Paragraph>
      {siteConfig.contactWechat && (
        <Typography.Paragraph copyable={{ text: siteConfig.contactWechat }}>
          {s.wechat(siteConfig.contactWechat)}
        </Typography.Paragraph>
      )}
    </>
  );
}

/** WaitPay: the code to scan, what it costs (the list price struck through under a discount), and a page to open. */
function AwaitingPayment({ payment, notYetPaid }: { payment: Payment; notYetPaid: boolean }) {
  const discounted = payment.price < payment.list_price;
  return (
    <div className="gr-pay-qr">
      {payment.qrcode_text ? (
        <QRCode value={payment.qrcode_text} type="svg" size={QR_SIZE} role="img" aria-label={p.qrLabel} />
      ) : (
        <Waiting text={p.loading} />
      )}
      <div>
        <Typography.Text type="secondary">{p.amount} </Typography.Text>
        <Typography.Text strong className="gr-pay-price" data-testid="pay-price">
          {formatFen(payment.price)}
        </Typography.Text>
        {discounted && (
          <Typography.Text delete type="secondary" aria-label={`${p.listPrice} ${formatFen(payment.list_price)}`}>
            {' '}
            {formatFen(payment.list_price)}
          </Typography.Text>
        )}
      </div>
      <Typography.Text type="secondary">{payment.title}</Typography.Text>
      <Typography.Text type="secondary">{p.scanHint}</Typography.Text>
      {payment.qrcode_url && (
        <a href={payment.qrcode_url} target="_blank" rel="noopener noreferrer">
          {p.openPage}
        </a>
      )}
      {notYetPaid && <Alert type="info" showIcon title={p.notYetPaid} />}
    </div>
  );
}

export interface PayStatusProps {
  kind: PurchasableKind;
  payment: Payment | null;
  trade: Trade | null;
  initError: Error | null;
  confirming: boolean;
  notYetPaid: boolean;
}

/** Spec §4's table: what the dialog shows for each trade status (and while there is no trade yet). */
export function PayStatusView({ kind, payment, trade, initError, confirming, notYetPaid }: PayStatusProps) {
  if (initError) {
    // buy_role_exist: the catalogue has said so and reloads in 3 s; anything else may pass on a retry.
    const held = initError instanceof ApiError && initError.kind === 'buy_role_exist';
    return <Result status="warning" title={held ? zh.errors.buyRoleExist : p.initFailed} />;
  }
  if (confirming) return <Waiting text={p.confirming} />;
  if (!payment || !trade) return <Waiting text={p.loading} />;
  switch (trade.status) {
    case 'None':
      return <Waiting text={p.loading} />;
    case 'WaitPay':
      return <AwaitingPayment payment={payment} notYetPaid={notYetPaid} />;
    case 'PaySuccess':
      return <Result icon={<Spin size="large" />} title={s.PaySuccess} />;
    case 'ApplySuccess':
      return <Result status="success" title={kind === 'FlashCoin' ? s.flashDone : s.memberDone} />;
    case 'PayTimeout':
      return <Result status="info" title={s.PayTimeout} />;
    case 'PayCancel':
      return <Result status="info" title={s.PayCancel} />;
    case 'ApplyFail':
      return (
        <Result status="error" title={s.ApplyFail} subTitle={s.applyFailHint} extra={<SupportLine trade={trade} />} />
      );
    default:
      // InitPayFail, PayFail, ManualInvalid, Refund: nothing the learner can do here but try later or ask.
      return <Result status="error" title={s.other} subTitle={s.otherHint} extra={<SupportLine trade={trade} />} />;
  }
}
