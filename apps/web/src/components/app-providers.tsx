import { CLIENT_TIMINGS } from '@gre/contracts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { theme } from '../theme';
import { Toaster } from './feedback/toaster';
import { LoadingOverlay } from './overlays/loading-overlay';

/** antd (zh_CN, theme tokens, toasts top-center and at most 5), React Query and the loading overlay around the app. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <App notification={{ placement: 'top', maxCount: CLIENT_TIMINGS.maxNotifications, stack: false }} message={{ maxCount: 3 }}>
        <QueryClientProvider client={queryClient}>
          <Toaster />
          {children}
          {/* Outside the router so it also covers the first load, before any route renders. */}
          <LoadingOverlay />
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
