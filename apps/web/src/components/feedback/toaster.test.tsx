import { CLIENT_TIMINGS } from '@gre/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import { showToast } from '../../api/effects';
import { zh } from '../../i18n/zh-CN';
import { AntdLayer } from '../antd-layer';

const notices = () => document.querySelectorAll('.ant-notification-notice');

describe('error toasts', () => {
  it(`show at most ${CLIENT_TIMINGS.maxNotifications} at once, newest kept, each with a Close button`, async () => {
    render(<AntdLayer />);
    act(() => {
      for (let i = 1; i <= 7; i += 1) showToast({ level: 'error', title: `错误 ${i}` });
    });
    await waitFor(() => expect(screen.queryByText('错误 7')).not.toBeNull());
    await waitFor(() => expect(notices()).toHaveLength(CLIENT_TIMINGS.maxNotifications));
    expect(screen.queryByText('错误 1')).toBeNull();
    expect(screen.getAllByRole('button', { name: zh.common.close })).toHaveLength(CLIENT_TIMINGS.maxNotifications);
  });

  it('the Close button removes its toast', async () => {
    // Without motion the notice leaves at once (happy-dom fires no transition events).
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntdLayer />
      </ConfigProvider>,
    );
    act(() => showToast({ level: 'error', title: '只有一个' }));
    const close = await screen.findByRole('button', { name: zh.common.close });
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByText('只有一个')).toBeNull());
  });

  it('toasts are placed top-center', async () => {
    render(<AntdLayer />);
    act(() => showToast({ level: 'warning', title: '居中' }));
    await screen.findByText('居中');
    expect(document.querySelector('.ant-notification-top')).not.toBeNull();
  });
});
