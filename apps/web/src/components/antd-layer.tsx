import { CLIENT_TIMINGS } from '@gre/contracts';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { WordLookupProvider } from '../features/words';
import { theme } from '../theme';
import { DialogHost } from './dialogs/dialog-host';
import { Toaster } from './feedback/toaster';
import { UpgradeOverlay } from './overlays/upgrade-overlay';

// antd's date pickers format through dayjs; its locale belongs with antd's.
dayjs.locale('zh-cn');

/**
 * Everything antd needs around a page, loaded lazily so the routes that render without antd never download it:
 * zh_CN and the theme tokens, antd's App (toasts top-center, at most 5), the catalogue's toast sink, the one
 * dialog host and the service-upgrade overlay. Mounted once at a time: around the antd routes, or beside a
 * route without antd once a toast, dialog or the overlay asks for it.
 */
export function AntdLayer({ children, suppressUpgrade = false }: { children?: ReactNode; suppressUpgrade?: boolean }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <App
        notification={{ placement: 'top', maxCount: CLIENT_TIMINGS.maxNotifications, stack: false }}
        message={{ maxCount: 3 }}
      >
        <Toaster />
        {children}
        <UpgradeOverlay suppressed={suppressUpgrade} />
        <DialogHost />
      </App>
    </ConfigProvider>
  );
}

/** The admin console stays usable during maintenance so the switch can be turned off. */
function useUpgradeSuppressed(): boolean {
  return useLocation().pathname.startsWith('/web_manage');
}

/** Layout route of every antd page (the nav subtree, /login, /agreement): the antd layer and click-a-word. */
export function AntdRouteLayout() {
  return (
    <AntdLayer suppressUpgrade={useUpgradeSuppressed()}>
      <WordLookupProvider>
        <Outlet />
      </WordLookupProvider>
    </AntdLayer>
  );
}

/** The layer alone, beside a page that renders without antd. */
export function OnDemandAntdLayer() {
  return <AntdLayer suppressUpgrade={useUpgradeSuppressed()} />;
}
