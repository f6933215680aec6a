import { Typography } from 'antd';
import { zh } from '../../i18n/zh-CN';
import { PriceTable, TierNotes, TierTable } from './tier-table';

/**
 * Footer "membership rights" (spec §2): each tier's quotas and the membership prices as they are in force now — the
 * admin edits both (/api/admin/set_quotas, /api/pay/set_prices), so they are read from /api/quota/table and
 * /api/pay/prices, both public: the dialog opens signed out too. Information only; the way to pay is the upgrade
 * dialog's.
 */
export function RightsBody() {
  return (
    <>
      <Typography.Paragraph>{zh.tiers.footerIntro}</Typography.Paragraph>
      <TierTable />
      <Typography.Title level={5}>{zh.tiers.pricesTitle}</Typography.Title>
      <PriceTable />
      <TierNotes />
    </>
  );
}
