import { mediaCalls, userCalls, type MaterialBrief, type VideoBrief } from '@gre/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { closeDialog } from '../../state/ui';
import { fake, fakeServer, makeUser, renderApp, type FakeRoute, sentBody } from '../../test-utils';

const m = zh.media;

beforeAll(async () => {
  // The first import compiles antd in the test runner; do it once up front.
  await Promise.all([import('./download-page'), import('./video-page')]);
}, 60_000);

afterEach(() => {
  // Unmount first: observers still mounted would refetch the cleared user with the real fetch, after the stub is gone.
  cleanup();
  queryClient.clear();
  closeDialog();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const material = (id: string, category: MaterialBrief['category'], title: string): MaterialBrief => ({
  id,
  title,
  description: `${title}的说明`,
  category,
  mime: 'application/pdf',
  size_bytes: 393_304,
  pages: 6,
});
const MATERIALS = [
  material('m-general', 'general', '备考计划'),
  material('m-formulas', 'quant', '数学公式'),
  material('m-reading', 'verbal', '阅读方法'),
];

const video = (id: string, over: Partial<VideoBrief> = {}): VideoBrief => ({
  id,
  title: `视频 ${id}`,
  description: '讲解',
  kind: 'course',
  question_id: null,
  duration_seconds: 48,
  size_bytes: 1_600_000,
  min_role: null,
  allowed: true,
  ...over,
});
const VIDEOS = [video('v-free'), video('v-vip', { min_role: 'VIP', allowed: false })];

function serve(allowed: boolean, ...extra: FakeRoute[]) {
  setToken('t'.repeat(43));
  return fakeServer(
    fake(userCalls.get, () => ({ data: makeUser() })),
    fake(mediaCalls.materialList, () => ({ data: { materials: MATERIALS, allowed } })),
    fake(mediaCalls.videoList, () => ({ data: { videos: VIDEOS } })),
    ...extra,
  );
}

const calls = (fetch: ReturnType<typeof fakeServer>, path: string) =>
  fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));
const downloadButton = (title: string) => screen.getByRole('button', { name: `${m.download.download}：${title}` });

describe('download page', () => {
  it('groups the materials by category in a fixed order, with pages and size, and lists the videos', async () => {
    serve(true);
    renderApp('/download');
    expect(await screen.findByRole('heading', { name: m.download.title })).toBeTruthy();
    const groups = screen.getAllByRole('heading', { level: 5 }).map((h) => h.textContent?.trim());
    expect(groups.filter((g) => Object.values(m.download.categories).includes(g ?? ''))).toEqual([
      '数学',
      '语文',
      '综合',
    ]);
    expect(screen.getAllByText(m.download.pages(6)).length).toBe(3);
    expect(screen.getAllByText('384.1 KB').length).toBe(3);
    expect(screen.queryByText(m.download.lockedTitle)).toBeNull();
    const free = screen.getByRole('link', { name: /视频 v-free/ });
    expect(free.getAttribute('href')).toBe('/video/v-free');
    expect(within(free).getByText(m.videos.everyone)).toBeTruthy();
    expect(within(screen.getByRole('link', { name: /视频 v-vip/ })).getByText(m.videos.needsRole('会员'))).toBeTruthy();
  });

  it('fetches a signed link on download and sends the browser there', async () => {
    const url = '/media/material/m-formulas?exp=1&sig=x';
    const fetch = serve(
      true,
      fake(mediaCalls.materialLink, () => ({ data: { url, expires_at: 1, file_name: '数学公式.pdf' } })),
    );
    const { browser } = await import('./download-page');
    const open = vi.spyOn(browser, 'open').mockImplementation(() => {});
    renderApp('/download');
    await userEvent.click(await waitFor(() => downloadButton('数学公式')));
    await waitFor(() => expect(open).toHaveBeenCalledWith(url));
    expect(calls(fetch, mediaCalls.materialLink.path)).toEqual([{ id: 'm-formulas' }]);
  });

  it('without the right: shows why, and the download button opens the upgrade dialog without asking for a link', async () => {
    const fetch = serve(false);
    renderApp('/download');
    expect(await screen.findByText(m.download.lockedTitle)).toBeTruthy();
    await userEvent.click(downloadButton('阅读方法'));
    expect(await screen.findByRole('dialog', { name: zh.dialogs.upgradeTitle })).toBeTruthy();
    expect(calls(fetch, mediaCalls.materialLink.path)).toEqual([]);
  });

  it('a locked video opens the upgrade dialog instead of its page', async () => {
    const fetch = serve(true);
    const { router } = renderApp('/download');
    await userEvent.click(await screen.findByRole('link', { name: /视频 v-vip/ }));
    expect(await screen.findByRole('dialog', { name: zh.dialogs.upgradeTitle })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/download');
    expect(calls(fetch, mediaCalls.videoGet.path)).toEqual([]);
  });
});

const question = {
  id: 'q-mcs-011',
  category: 3,
  kind: 'mc_single',
  difficulty: 'medium' as const,
  topic: null,
  tag_ids: [],
  visibility: 'public' as const,
  brief: '往返不同速度的平均速度',
  preview: 'A driver travels …',
  accessable: true,
};

describe('video page', () => {
  it('loads the video before display and plays its signed address, with the explained question', async () => {
    const stream = { url: '/media/video/v-free?exp=9&sig=s', expires_at: 9 };
    const fetch = serve(
      true,
      fake(mediaCalls.videoGet, () => ({
        data: {
          video: video('v-free', { kind: 'explanation', question_id: 'q-mcs-011' }),
          mime: 'video/webm',
          stream,
          question,
        },
      })),
    );
    renderApp('/video/v-free');
    const player = await screen.findByLabelText(m.video.playerLabel('视频 v-free'));
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('src')).toBe(stream.url);
    expect(player.hasAttribute('controls')).toBe(true);
    expect(screen.getByText(question.brief)).toBeTruthy();
    expect(screen.getByRole('button', { name: new RegExp(m.video.back) })).toBeTruthy();
    expect(calls(fetch, mediaCalls.videoGet.path)).toEqual([{ id: 'v-free' }]);
  });

  it('says so for an unknown video, without calling the server for an id that cannot exist', async () => {
    const fetch = serve(true);
    renderApp('/video/not-a-video');
    expect(await screen.findByText(m.video.notFoundTitle)).toBeTruthy();
    expect(calls(fetch, mediaCalls.videoGet.path)).toEqual([]);
    renderApp('/video/v-gone');
    expect((await screen.findAllByText(m.video.notFoundTitle)).length).toBeGreaterThan(0);
  });

  it('an explanation of a question in the learner’s running exam: a page that says to come back after submitting', async () => {
    serve(
      true,
      fake(mediaCalls.videoGet, () => ({ kind: 'forbidden' })),
    );
    renderApp('/video/v-free');
    expect(await screen.findByText(m.video.inExamTitle)).toBeTruthy();
    expect(screen.getByText(m.video.inExamBody)).toBeTruthy();
    expect(screen.queryByText(m.video.failedTitle)).toBeNull();
  });

  it('below the tier: the upgrade dialog and a page that explains it', async () => {
    serve(
      true,
      fake(mediaCalls.videoGet, () => ({ kind: 'limit' })),
    );
    renderApp('/video/v-vip');
    expect(await screen.findByText(m.video.limitTitle)).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: zh.dialogs.upgradeTitle })).toBeTruthy();
  });
});
