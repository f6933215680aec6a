import { Outlet, useLocation } from 'react-router';
import { DialogHost } from '../dialogs/dialog-host';
import { UpgradeOverlay } from '../overlays/upgrade-overlay';

/** The page plus the route-aware layers: the upgrade overlay and the one dialog host. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <Outlet />
      {/* The admin console stays usable during maintenance so the switch can be turned off. */}
      <UpgradeOverlay suppressed={pathname.startsWith('/web_manage')} />
      <DialogHost />
    </>
  );
}
