import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { List } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coreCopy } from '../../i18n/zh-CN.core';
import { AdminList, type AdminListProps } from './admin-list';

interface Row {
  id: number;
  name: string;
}

/** Whether useIsPhone answers the phone layout (ui.md ≤ 480 px). */
const screenSize = vi.hoisted(() => ({ phone: false }));
vi.mock('../../components/use-is-phone', () => ({ useIsPhone: () => screenSize.phone }));

afterEach(() => {
  cleanup();
  screenSize.phone = false;
});

const ROWS: Row[] = [
  { id: 1, name: '小明' },
  { id: 2, name: '小红' },
];

function show(over: Partial<AdminListProps<Row>> = {}) {
  const onPage = vi.fn();
  const refetch = vi.fn();
  render(
    <AdminList<Row>
      list={{ data: { items: ROWS }, isPending: false, isError: false, refetch }}
      total={45}
      page={1}
      onPage={onPage}
      loadFailed="加载失败"
      empty="空空如也"
      totalText={(n) => `共 ${n} 人`}
      columns={[{ key: 'name', title: '姓名', dataIndex: 'name' }]}
      renderCard={(r) => <List.Item>卡片 {r.name}</List.Item>}
      {...over}
    />,
  );
  return { onPage, refetch };
}

describe('AdminList', { timeout: 30_000 }, () => {
  it('is a table on wider screens, its pager numbered by the total, the total said under it', async () => {
    const { onPage } = show();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: '姓名' })).toBeTruthy();
    expect(within(table).getByText('小红')).toBeTruthy();
    expect(screen.queryByText('卡片 小明')).toBeNull();
    expect(screen.getByTitle('3')).toBeTruthy();
    expect(screen.queryByTitle('4')).toBeNull();
    await userEvent.click(screen.getByTitle('2'));
    expect(onPage).toHaveBeenCalledWith(2, 20);
    expect(screen.getByText('共 45 人')).toBeTruthy();
  });

  it('is cards on a phone with a small pager, and an empty page says so with no pager', () => {
    screenSize.phone = true;
    show();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('卡片 小明')).toBeTruthy();
    expect(screen.getByText('卡片 小红')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-mini')).not.toBeNull();
    cleanup();

    show({ list: { data: { items: [] }, isPending: false, isError: false, refetch: vi.fn() }, total: 0 });
    expect(screen.getByText('空空如也')).toBeTruthy();
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(screen.queryByText(/共 \d+ 人/)).toBeNull();
  });

  it('a list that failed to load says so and reads it again on 重试', async () => {
    const refetch = vi.fn();
    show({ list: { isPending: false, isError: true, refetch }, total: 0 });
    expect(screen.getByText('加载失败')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    // antd spaces a two-character Chinese label (重 试).
    await userEvent.click(screen.getByRole('button', { name: new RegExp([...coreCopy.common.retry].join('\\s*')) }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("reads the total from the answer's page_control unless given", () => {
    show({
      list: { data: { items: ROWS, page_control: { total: 21 } }, isPending: false, isError: false, refetch: vi.fn() },
      total: undefined,
    });
    expect(screen.getByTitle('2')).toBeTruthy();
    expect(screen.queryByTitle('3')).toBeNull();
    expect(screen.getByText('共 21 人')).toBeTruthy();
  });

  it('leaves the total out where the tab shows none', () => {
    show({ totalText: undefined });
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryByText(/共 \d+ 人/)).toBeNull();
  });
});
