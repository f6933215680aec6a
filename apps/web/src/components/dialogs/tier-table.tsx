import { MEMBERSHIP_TIERS, QUOTA_ROLES, type PriceTableView, type QuotaRole, type QuotaTable } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, List, Skeleton, Table, Typography } from 'antd';
import { pricesQuery, quotaTableQuery } from '../../api/rights-queries';
import { zh } from '../../i18n/zh-CN';
import { formatFen } from '../format';
import { useIsPhone } from '../use-is-phone';

const t = zh.tiers;
interface Row {
  role: string;
  daily: string;
  essay: string;
  assistant: string;
  simulate: string;
  banks: string;
}

const count = (n: number | null, word: (n: number) => string) => (n === null ? t.unlimited : word(n));
const QUOTA_KEYS = ['daily', 'essay', 'assistant', 'simulate', 'banks'] as const;

/**
 * A row as a phone shows it (ui.md: tables become lists): the row's name over one labelled line per column, so a
 * long value wraps under its own label instead of the table running off the screen.
 */
function PhoneCards<R>({
  rows,
  title,
  lines,
  columns = 1,
}: {
  rows: R[];
  title: (row: R) => string;
  lines: (row: R) => { label: string; value: string }[];
  /** Lines side by side: short ones (a price) pair up, long ones (a quota) take the width. */
  columns?: number;
}) {
  return (
    <List<R>
      size="small"
      dataSource={rows}
      renderItem={(r) => (
        <List.Item>
          <Descriptions
            size="small"
            column={columns}
            title={title(r)}
            items={lines(r).map((l) => ({ key: l.label, label: l.label, children: l.value }))}
          />
        </List.Item>
      )}
    />
  );
}

/** A role's line of the table, worded from the quota in force (the admin may have changed product.md's). */
export function tierRow(role: QuotaRole, quota: QuotaTable[QuotaRole]): Row {
  const { verbal, quant, words } = quota.daily;
  const daily =
    verbal === quant && quant === words
      ? count(verbal, t.questions)
      : t.bySubject(count(verbal, t.questions), count(quant, t.questions), count(words, t.questions));
  return {
    role: t.roles[role],
    daily: quota.total === null ? daily : t.withTotal(daily, quota.total),
    essay: count(quota.essay.n, t.times[quota.essay.period]),
    assistant: count(quota.assistant.n, t.times[quota.assistant.period]),
    simulate: count(quota.simulate.n, quota.simulate.period === 'week' ? t.times.week : t.simulateTotal),
    banks: t.banks[role],
  };
}

/** Roles × the quotas in force (`/api/quota/table`, asked once a session); cards on phones (ui.md: tables become lists). */
export function TierTable() {
  const phone = useIsPhone();
  const quotas = useQuery(quotaTableQuery);
  if (quotas.isError) return <Typography.Paragraph type="secondary">{t.loadFailed}</Typography.Paragraph>;
  if (!quotas.data) return <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  const rows = QUOTA_ROLES.map((role) => tierRow(role, quotas.data.quotas[role]));
  if (phone)
    return (
      <PhoneCards<Row>
        rows={rows}
        title={(r) => r.role}
        lines={(r) => QUOTA_KEYS.map((k) => ({ label: t.columns[k], value: r[k] }))}
      />
    );
  return (
    <Table<Row>
      size="small"
      pagination={false}
      rowKey="role"
      dataSource={rows}
      columns={(['role', ...QUOTA_KEYS] as const).map((k) => ({
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

/** The membership prices in force (`/api/pay/prices`, asked once a session); cards on phones. */
export function PriceTable() {
  const phone = useIsPhone();
  const prices = useQuery(pricesQuery);
  if (prices.isError) return <Typography.Paragraph type="secondary">{zh.pay.prices.loadFailed}</Typography.Paragraph>;
  if (!prices.data) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  const rows = priceRows(prices.data);
  if (phone)
    return (
      <PhoneCards<PriceRow>
        rows={rows}
        title={(r) => r.tier}
        lines={(r) => PRICE_KEYS.map((k) => ({ label: t.priceColumns[k], value: r[k] }))}
        columns={2}
      />
    );
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
