import { Button, Empty, List, Result, Space, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useIsPhone } from '../../components/use-is-phone';
import { coreCopy } from '../../i18n/zh-CN.core';
import { ADMIN_PAGE_SIZE } from './admin-queries';

/** What the list reads of its query (a TanStack Query result fits): a page of items, with the total when paged. */
export interface AdminListQuery<T> {
  data?: { items: T[]; page_control?: { total: number } };
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface AdminListProps<T> {
  list: AdminListQuery<T>;
  /** Rows the server holds for the filter, over every page; the answer's page_control says it when absent. */
  total?: number;
  page: number;
  onPage: (page: number) => void;
  /** Rows per page, for numbering the pager. */
  pageSize?: number;
  columns: TableColumnsType<T>;
  /** A row on a phone: its List.Item, a card of the columns that matter (ui.md: tables become lists on a phone). */
  renderCard: (row: T) => ReactNode;
  /** Said when the list fails to load, above 重试. */
  loadFailed: string;
  /** Said for an empty page; antd's own when absent. */
  empty?: string;
  /** The count under the list, for tabs that show one. */
  totalText?: (total: number) => string;
  /** The table's extras: a row's expansion, its events. */
  tableProps?: Pick<TableProps<T>, 'expandable' | 'onRow'>;
}

/**
 * A console list a page at a time: a table on wider screens, cards on a phone, the same pager for both (small on a
 * phone, none while the page is empty), a retry when it fails to load, and the total when the tab shows it.
 */
export function AdminList<T extends { id: number | string }>({
  list,
  total = list.data?.page_control?.total ?? 0,
  page,
  onPage,
  pageSize = ADMIN_PAGE_SIZE,
  columns,
  renderCard,
  loadFailed,
  empty,
  totalText,
  tableProps,
}: AdminListProps<T>) {
  const phone = useIsPhone();
  const items = list.data?.items ?? [];
  const pagination = {
    current: page,
    pageSize,
    total,
    showSizeChanger: false,
    hideOnSinglePage: true,
    onChange: onPage,
  };
  const locale = empty === undefined ? undefined : { emptyText: <Empty description={empty} /> };
  const body = list.isError ? (
    <Result
      status="warning"
      subTitle={loadFailed}
      extra={<Button onClick={() => void list.refetch()}>{coreCopy.common.retry}</Button>}
    />
  ) : phone ? (
    <List<T>
      loading={list.isPending}
      dataSource={items}
      pagination={items.length > 0 ? { ...pagination, size: 'small' } : false}
      locale={locale}
      renderItem={renderCard}
    />
  ) : (
    <Table<T>
      size="small"
      rowKey="id"
      loading={list.isPending}
      dataSource={items}
      scroll={{ x: true }}
      pagination={pagination}
      locale={locale}
      columns={columns}
      {...tableProps}
    />
  );
  if (!totalText) return body;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {body}
      {total > 0 ? <Typography.Text type="secondary">{totalText(total)}</Typography.Text> : null}
    </Space>
  );
}
