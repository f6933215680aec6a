import { List, Table, Typography } from 'antd';
import { zh } from '../../i18n/zh-CN';
import { useIsPhone } from '../use-is-phone';

const t = zh.tiers;
type Row = (typeof t.rows)[number];
type PriceRow = (typeof t.prices)[number];

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

/** product.md membership prices. */
export function PriceTable() {
  const phone = useIsPhone();
  const keys = ['d7', 'm1', 'm2', 'm3'] as const;
  if (phone) {
    return (
      <List<PriceRow>
        size="small"
        dataSource={t.prices}
        renderItem={(r) => (
          <List.Item>
            <List.Item.Meta title={r.tier} description={keys.map((k) => `${t.priceColumns[k]} ${r[k]}`).join('；')} />
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
      dataSource={t.prices}
      columns={(['tier', ...keys] as const).map((k) => ({ key: k, dataIndex: k, title: t.priceColumns[k] }))}
    />
  );
}

/** The two lines every tier dialog ends with. */
export function TierNotes() {
  return (
    <>
      <Typography.Paragraph type="secondary">{t.subjects}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t.flashPrices}
        {t.noRefund}
      </Typography.Paragraph>
    </>
  );
}
