import {
  FLASH_COIN_PACKS,
  MAX_PRICE_FEN,
  MEMBERSHIP_DURATIONS,
  MIN_PRICE_FEN,
  PRICE_DEFAULTS,
  payCalls,
  type PriceOverride,
  type PriceTableView,
  type PurchasableKind,
} from '@gre/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Result, Skeleton, Space, Typography } from 'antd';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queries';
import { pricesQuery } from '../../api/rights-queries';
import { fenToYuan, yuanToFen } from '../../components/format';
import { zh } from '../../i18n/zh-CN';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { useOpCheck } from './op-check';

const a = zh.pay.admin;
const KINDS = ['VIP', 'SVIP', 'FlashCoin'] as const satisfies readonly PurchasableKind[];
/** The 11 prices: four durations for each tier, three flash-card packs. */
const PARAMS: Record<PurchasableKind, string[]> = {
  VIP: Object.keys(MEMBERSHIP_DURATIONS),
  SVIP: Object.keys(MEMBERSHIP_DURATIONS),
  FlashCoin: Object.keys(FLASH_COIN_PACKS),
};
const ROW_NAMES: Record<PurchasableKind, string> = {
  VIP: zh.tiers.priceTiers.VIP,
  SVIP: zh.tiers.priceTiers.SVIP,
  FlashCoin: a.flashRow,
};
const paramName = (kind: PurchasableKind, param: string) =>
  (kind === 'FlashCoin' ? zh.pay.packs : zh.pay.durations)[Number(param)] ?? param;

/** The defaults in the shape the server answers (string keys, as JSON has them). */
const DEFAULTS_VIEW: PriceTableView = PRICE_DEFAULTS;

/** The form's values: yuan, by kind then param. */
type YuanTable = Record<PurchasableKind, Record<string, number | null>>;

function toYuan(table: PriceTableView): YuanTable {
  const out = {} as YuanTable;
  for (const kind of KINDS) {
    out[kind] = Object.fromEntries(PARAMS[kind].map((param) => [param, fenToYuan(table[kind][param] ?? 0)]));
  }
  return out;
}

/**
 * The override to save: only the prices that differ from the product.md defaults, so "restore defaults" saves an
 * empty override and a later change of a default in the code reaches every price the admin never touched.
 */
export function overrideOf(values: YuanTable): PriceOverride {
  const override: Record<string, Record<string, number>> = {};
  for (const kind of KINDS) {
    const defaults: Readonly<Record<number, number>> = PRICE_DEFAULTS[kind];
    for (const param of PARAMS[kind]) {
      const yuan = values[kind][param];
      if (yuan === null || yuan === undefined) continue;
      const fen = yuanToFen(yuan);
      if (fen !== defaults[Number(param)]) (override[kind] ??= {})[param] = fen;
    }
  }
  return override;
}

/** /web_manage: the 11 prices in yuan (two decimals), saved as fen through `/api/pay/set_prices`. */
export function PricesEditor() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<YuanTable>();
  // The learner-facing query is kept for the session; the editor always starts from what the server holds now.
  const prices = useQuery({ ...pricesQuery, staleTime: 0 });
  const { ask, dialog } = useOpCheck();
  const save = (override: PriceOverride) =>
    ask({
      action: adminCopy.prices.saveAction,
      summary: adminCopy.prices.saveSummary(
        Object.values(override).reduce((n, t) => n + Object.keys(t ?? {}).length, 0),
      ),
      run: (op_code) => call(payCalls.setPrices, { override, op_code }),
      onDone: (table) => {
        queryClient.setQueryData(queryKeys.prices, table);
        form.setFieldsValue(toYuan(table));
        void message.success(a.pricesSaved);
      },
    });

  if (prices.isError) {
    return (
      <Result
        status="warning"
        subTitle={a.pricesLoadFailed}
        extra={<Button onClick={() => void prices.refetch()}>{zh.common.retry}</Button>}
      />
    );
  }
  if (!prices.data) return <Skeleton active />;
  return (
    <Form<YuanTable>
      form={form}
      layout="vertical"
      initialValues={toYuan(prices.data)}
      onFinish={(values) => save(overrideOf(values))}
    >
      <Typography.Paragraph type="secondary">{a.pricesHelp}</Typography.Paragraph>
      {KINDS.map((kind) => (
        <div key={kind}>
          <Typography.Text strong>{ROW_NAMES[kind]}</Typography.Text>
          <Space wrap align="start" style={{ display: 'flex' }}>
            {PARAMS[kind].map((param) => (
              <Form.Item
                key={param}
                name={[kind, param]}
                label={paramName(kind, param)}
                rules={[{ required: true, message: zh.pay.admin.form.valueRule }]}
              >
                <InputNumber
                  aria-label={`${ROW_NAMES[kind]} ${paramName(kind, param)}`}
                  prefix="¥"
                  min={fenToYuan(MIN_PRICE_FEN)}
                  max={fenToYuan(MAX_PRICE_FEN)}
                  precision={2}
                  step={1}
                />
              </Form.Item>
            ))}
          </Space>
        </div>
      ))}
      <Space wrap>
        <Button type="primary" htmlType="submit">
          {a.pricesSave}
        </Button>
        <Button onClick={() => form.setFieldsValue(toYuan(DEFAULTS_VIEW))}>{a.pricesReset}</Button>
      </Space>
      {dialog}
    </Form>
  );
}
