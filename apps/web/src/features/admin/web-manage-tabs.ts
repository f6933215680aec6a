import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { adminExtrasCopy } from '../../i18n/zh-CN.admin-extras';

/** One tab of /web_manage: its key in the URL (`?tab=`), its label and its panel, loaded when first shown. */
export interface WebManageTab {
  key: string;
  label: string;
  Panel: LazyExoticComponent<ComponentType>;
}

/** A tab whose panel is the named export of a module loaded on first show (each panel its own chunk). */
export function webManageTab(key: string, label: string, load: () => Promise<ComponentType>): WebManageTab {
  return { key, label, Panel: lazy(() => load().then((Panel) => ({ default: Panel }))) };
}

const t = adminCopy.tabs;

/** The tabs in their order; the first is the default. Add a tab with one line here. */
export const WEB_MANAGE_TABS: WebManageTab[] = [
  webManageTab('users', t.users, () => import('./users-tab').then((m) => m.UsersTab)),
  webManageTab('vouchers', t.vouchers, () => import('./vouchers-tab').then((m) => m.VouchersTab)),
  webManageTab('codes', t.codes, () => import('./discount-codes').then((m) => m.DiscountCodes)),
  webManageTab('reports', adminExtrasCopy.tabs.reports, () => import('./reports-tab').then((m) => m.ReportsTab)),
  webManageTab('trades', t.trades, () => import('./trades-tab').then((m) => m.TradesTab)),
  webManageTab('prices', t.prices, () => import('./prices-editor').then((m) => m.PricesEditor)),
  webManageTab('quotas', adminExtrasCopy.tabs.quotas, () => import('./quotas-tab').then((m) => m.QuotasTab)),
  webManageTab('system', t.system, () => import('./system-tab').then((m) => m.SystemTab)),
  webManageTab('audit', t.audit, () => import('./audit-tab').then((m) => m.AuditTab)),
  webManageTab('sync', t.sync, () => import('./sync-page').then((m) => m.SyncConsole)),
];
