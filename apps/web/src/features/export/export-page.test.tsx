import { exportCalls, userCalls, type DataExport } from '@gre/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { exportCopy as c } from '../../i18n/zh-CN.export';
import { fake, fakeServer, makeUser, renderApp, sentBody, type FakeRoute } from '../../test-utils';

beforeAll(async () => {
  await import('./export-page');
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const row = (over: Partial<DataExport>): DataExport => ({
  id: 1,
  kind: 'pdf',
  scope: { parts: ['wrongs', 'note'], category: 3 },
  status: 'Done',
  progress: 100,
  file_name: 'gre-questions-20261127-1.pdf',
  size_bytes: 204_800,
  error: null,
  created_stamp: 1_795_000_000,
  finished_stamp: 1_795_000_010,
  expires_stamp: 1_795_604_800,
  ...over,
});

function serve(exports: () => DataExport[], ...extra: FakeRoute[]) {
  setToken('t'.repeat(43));
  return fakeServer(
    fake(userCalls.get, () => ({ data: makeUser() })),
    fake(exportCalls.list, () => ({ data: { exports: exports() } })),
    ...extra,
  );
}

const sent = (fetch: ReturnType<typeof fakeServer>, path: string) =>
  fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));

describe('export page', () => {
  it('starts a PDF of the parts and category chosen, then a JSON with no scope', async () => {
    const fetch = serve(
      () => [],
      fake(exportCalls.create, () => ({ data: { export: row({ status: 'Queued', progress: 0 }) } })),
    );
    renderApp('/export');
    expect(await screen.findByText(c.list.empty, {}, { timeout: 10_000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: c.parts.collect }));
    await userEvent.click(screen.getByRole('button', { name: /开始导出/ }));
    await waitFor(() => expect(sent(fetch, exportCalls.create.path)).toHaveLength(1));
    expect(sent(fetch, exportCalls.create.path)[0]).toEqual({
      kind: 'pdf',
      scope: { parts: ['wrongs', 'note'], category: 0 },
    });
    await userEvent.click(screen.getByRole('radio', { name: new RegExp(c.kinds.json.replace(/[()（）]/g, '.')) }));
    expect(screen.queryByRole('checkbox', { name: c.parts.wrongs })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /开始导出/ }));
    await waitFor(() => expect(sent(fetch, exportCalls.create.path)).toHaveLength(2));
    expect(sent(fetch, exportCalls.create.path)[1]).toEqual({ kind: 'json' });
  });

  it('shows progress while running, polls until done, then the download; a failure says why', async () => {
    let n = 0;
    serve(() => {
      n += 1;
      return n < 2
        ? [
            row({ id: 2, status: 'Running', progress: 40, file_name: null }),
            row({ id: 1, kind: 'csv', status: 'Failed', error: '生成文件时出错', file_name: null }),
          ]
        : [row({ id: 2 }), row({ id: 1, kind: 'csv', status: 'Failed', error: '生成文件时出错', file_name: null })];
    });
    renderApp('/export');
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    expect(screen.getByText('生成文件时出错')).toBeTruthy();
    expect(
      await screen.findByRole(
        'button',
        { name: `${c.list.download}：${c.kinds.pdf} gre-questions-20261127-1.pdf` },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText(/200\.0 KB/)).toBeTruthy();
  });
});
