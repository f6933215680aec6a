import {
  DISCOUNT_CODE_MAX,
  GRANT_DAYS_MAX,
  ROLE_NAMES,
  VOUCHER_COINS_MAX,
  VOUCHER_TIERS,
  VOUCHER_USE_LIMIT_MAX,
  type voucherCalls,
  type CallRequest,
  type Voucher,
  type VoucherTier,
} from '@gre/contracts';
import { DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { coreCopy } from '../../i18n/zh-CN.core';
import { adminCopy } from '../../i18n/zh-CN.admin';

const v = adminCopy.vouchers;
const f = v.form;
const CODE_PATTERN = new RegExp(`^[A-Za-z0-9-]{4,${DISCOUNT_CODE_MAX}}$`);

export interface VoucherValues {
  code: string;
  name: string;
  grant_kind: 'tier' | 'coins';
  role_kind?: VoucherTier;
  days?: number;
  coins?: number;
  use_limit: number;
  window: [Dayjs, Dayjs];
}

type AddRequest = Omit<CallRequest<typeof voucherCalls.addVoucher>, 'op_code'>;
type UpdateRequest = Omit<CallRequest<typeof voucherCalls.updateVoucher>, 'op_code'>;

/** The form's values as add_voucher takes them: only the grant's own fields, the window as Unix seconds. */
export function addRequest(values: VoucherValues): AddRequest {
  const common = {
    code: values.code.trim().toUpperCase(),
    name: values.name.trim(),
    use_limit: values.use_limit,
    start_stamp: values.window[0].unix(),
    end_stamp: values.window[1].unix(),
  };
  return values.grant_kind === 'tier'
    ? { ...common, grant_kind: 'tier', role_kind: values.role_kind, days: values.days }
    : { ...common, grant_kind: 'coins', coins: values.coins };
}

/** Only what changed, as update_voucher takes it (what a voucher grants and its code never change). */
export function updateRequest(voucher: Voucher, values: VoucherValues): UpdateRequest {
  const out: UpdateRequest = { id: voucher.id };
  const name = values.name.trim();
  if (name !== voucher.name) out.name = name;
  if (values.use_limit !== voucher.use_limit) out.use_limit = values.use_limit;
  const start = values.window[0].unix();
  const end = values.window[1].unix();
  if (start !== voucher.start_stamp) out.start_stamp = start;
  if (end !== voucher.end_stamp) out.end_stamp = end;
  return out;
}

/** What a voucher grants, in words. */
export function grantText(g: {
  grant_kind: string;
  role_kind: VoucherTier | null;
  days: number | null;
  coins: number | null;
}) {
  return g.grant_kind === 'tier' && g.role_kind
    ? v.grantTier(ROLE_NAMES[g.role_kind], g.days ?? 0)
    : v.grantCoins(g.coins ?? 0);
}

const initialOf = (voucher: Voucher | null): Partial<VoucherValues> =>
  voucher
    ? {
        code: voucher.code,
        name: voucher.name,
        grant_kind: voucher.grant_kind,
        role_kind: voucher.role_kind ?? undefined,
        days: voucher.days ?? undefined,
        coins: voucher.coins ?? undefined,
        use_limit: voucher.use_limit,
        window: [dayjs.unix(voucher.start_stamp), dayjs.unix(voucher.end_stamp)],
      }
    : { grant_kind: 'tier', role_kind: 'VIP', days: 30, use_limit: 100 };

/** Create (voucher null) or edit a voucher; `onSubmit` gets valid values and asks for the confirmation code. */
export function VoucherFormDialog({
  voucher,
  onSubmit,
  onCancel,
}: {
  voucher: Voucher | null;
  onSubmit: (values: VoucherValues) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<VoucherValues>();
  const kind = Form.useWatch('grant_kind', form) ?? voucher?.grant_kind ?? 'tier';
  const editing = voucher !== null;
  return (
    <Modal
      open
      title={editing ? v.editTitle(voucher.code) : v.create}
      okText={f.submit}
      cancelText={coreCopy.common.cancel}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<VoucherValues> form={form} layout="vertical" initialValues={initialOf(voucher)} onFinish={onSubmit}>
        {editing && <Typography.Paragraph type="secondary">{f.grantFixed}</Typography.Paragraph>}
        <Form.Item
          name="code"
          label={f.code}
          extra={editing ? undefined : f.codeHelp}
          rules={[{ required: true, pattern: CODE_PATTERN, message: f.codeRule }]}
        >
          <Input maxLength={DISCOUNT_CODE_MAX} autoComplete="off" disabled={editing} />
        </Form.Item>
        <Form.Item
          name="name"
          label={f.name}
          rules={[{ required: true, whitespace: true, max: 32, message: f.nameRule }]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="grant_kind" label={f.grantKind}>
          <Radio.Group
            optionType="button"
            disabled={editing}
            options={[
              { value: 'tier', label: f.tier },
              { value: 'coins', label: f.coins },
            ]}
          />
        </Form.Item>
        {kind === 'tier' ? (
          <>
            <Form.Item name="role_kind" label={f.role} rules={[{ required: true }]}>
              <Select<VoucherTier>
                disabled={editing}
                options={VOUCHER_TIERS.map((t) => ({ value: t, label: ROLE_NAMES[t] }))}
              />
            </Form.Item>
            <Form.Item name="days" label={f.days} rules={[{ required: true, message: f.daysRule }]}>
              <InputNumber min={1} max={GRANT_DAYS_MAX} precision={0} disabled={editing} />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="coins" label={f.coinCount} rules={[{ required: true, message: f.coinRule }]}>
            <InputNumber min={1} max={VOUCHER_COINS_MAX} precision={0} disabled={editing} />
          </Form.Item>
        )}
        <Form.Item
          name="use_limit"
          label={f.useLimit}
          rules={[
            { required: true, message: f.useLimitRule },
            {
              validator: (_, n: number | null) =>
                voucher && n !== null && n < voucher.used_count
                  ? Promise.reject(new Error(f.useLimitBelowUsed(voucher.used_count)))
                  : Promise.resolve(),
            },
          ]}
        >
          <InputNumber min={1} max={VOUCHER_USE_LIMIT_MAX} precision={0} />
        </Form.Item>
        <Form.Item name="window" label={f.window} rules={[{ required: true, message: f.windowRule }]}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
