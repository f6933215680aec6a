import { MEMBERSHIP_TIERS, type PriceTableView } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { List, Skeleton, Table, Typography } from 'antd';
import { pricesQuery } from '../../api/queries';
import { zh } from '../../i18n/zh-CN';
import { formatFen } from '../format';
import { useIsPhone } from '../use-is-phone';

const t = zh.tiers;
type Row = (typeof t.rows)[number];

/** product.md roles × quotas; a list on phones (ui.md: tables become lists). */
export function TierTable() {
  const phone = useIsPhone();
  if (phone) {
    return (
      <List<Row>
        size="small"
        dataSource={t.rows}
        renderItem={(r) => (
          <List.Item>
            <List.Item.Meta
              title={r.role}
              description={`${t.columns.daily}：${r.daily}；${t.columns.essay}：${r.essay}；${t.columns.simulate}：${r.simulate}；${t.columns.banks}：${r.banks}`}
            />
          </List.Item>
        )}
      />
    );
  }
  return (
    <Table<Row>
      size="small"
      pagination={false}
      rowKey="role"
      dataSource={t.rows}
      columns={(['role', 'daily', 'essay', 'simulate', 'banks'] as const).map((k) => ({
        key: k,
        dataIndex: k,
        title: t.columns[k],
      }))}
    />
  );
}

type PriceRow = { tier: string } & Record<PriceKey, string>;
const PRICE_KEYS = ['d7', 'm1', 'm2', 'm3'] as const;
type PriceKey = (typeof PRICE_KEYS)[number];

/** The table's rows from the prices in force: the columns are the durations 1–4 (7 days … 3 months), in tab order. */
export function priceRows(table: PriceTableView): PriceRow[] {
  return MEMBERSHIP_TIERS.map((tier) => {
    const row: PriceRow = { tier: t.priceTiers[tier], d7: '', m1: '', m2: '', m3: '' };
    PRICE_KEYS.forEach((k, i) => {
      const fen = table[tier][String(i + 1)];
      row[k] = fen === undefined ? '—' : formatFen(fen);
    });
    return row;
  });
}

/** The membership prices in force (`/api/pay/prices`, asked once a session); a list on phones. */
export function PriceTable() {
  const phone = useIsPhone();
  const prices = useQuery(pricesQuery);
  if (prices.isError) return <Typography.Paragraph type="secondary">{zh.pay.prices.loadFailed}</Typography.Paragraph>;
  if (!prices.data) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  const rows = priceRows(prices.data);
  if (phone) {
    return (
      <List<PriceRow>
        size="small"
        dataSource={rows}
        renderItem={(r) => (
          <List.Item>
            <List.Item.Meta
              title={r.tier}
              description={PRICE_KEYS.map((k) => `${t.priceColumns[k]} ${r[k]}`).join('；')}
            />
          </List.Item>
        )}
      />
    );
  }
  return (
    <Table<PriceRow>
      size="small"
      pagination={false}
      rowKey="tier"
      dataSource={rows}
      columns={(['tier', ...PRICE_KEYS] as const).map((k) => ({ key: k, dataIndex: k, title: t.priceColumns[k] }))}
    />
  );
}

/** The flash-card quota prices in force, as one line; nothing while they load or when they cannot. */
function FlashPrices() {
  const { data } = useQuery(pricesQuery);
  if (!data) return null;
  const price = (pack: string) => {
    const fen = data.FlashCoin[pack];
    return fen === undefined ? '—' : formatFen(fen);
  };
  return <>{zh.pay.prices.flashLine(price('1'), price('2'), price('3'))}</>;
}

/** The two lines every tier dialog ends with. */
export function TierNotes() {
  return (
    <>
      <Typography.Paragraph type="secondary">{t.subjects}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        <FlashPrices />
        {t.noRefund}
      </Typography.Paragraph>
    </>
  );
}
