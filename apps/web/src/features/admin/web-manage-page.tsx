import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Select, Skeleton, Tabs } from 'antd';
import { Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { siteSettingsQuery } from '../../api/queries';
import { PageIntro } from '../../components/page-intro';
import { PageSkeleton } from '../../components/page-skeleton';
import { useIsPhone } from '../../components/use-is-phone';
import { zh } from '../../i18n/zh-CN';
import { adminCopy } from '../../i18n/zh-CN.admin';
import { useCurrentUser } from '../auth';
import { AdminForbidden } from './admin-forbidden';
import { WEB_MANAGE_TABS } from './web-manage-tabs';
import './admin.css';

/** Maintenance is on, as the settings say, or as an older server refusing them said (staff calls work during it). */
function useMaintenanceOn(enabled: boolean): boolean {
  const settings = useQuery({ ...siteSettingsQuery, enabled });
  return (
    settings.data?.maintenance === true ||
    (settings.error instanceof ApiError && settings.error.kind === 'server_upgrading')
  );
}

/**
 * /web_manage: the admin console, one tab per area (the tab in the URL, `?tab=`); anyone else gets the 403 page.
 * While maintenance is on every tab says so, and the console opens at the switch.
 */
export function WebManagePage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const maintenance = useMaintenanceOn(user?.is_admin === true);
  const phone = useIsPhone();
  const asked = params.get('tab');
  // Opened at the switch by maintenance, the console stays there once the admin turns it off.
  useEffect(() => {
    if (maintenance && !asked) setParams({ tab: 'system' }, { replace: true });
  }, [maintenance, asked, setParams]);
  if (!user) return <PageSkeleton rows={6} />;
  if (!user.is_admin) return <AdminForbidden />;
  const first = WEB_MANAGE_TABS[0]!.key;
  const tab = WEB_MANAGE_TABS.find((x) => x.key === asked)?.key ?? (maintenance ? 'system' : first);
  return (
    <div className="gam-page">
      <PageIntro title={zh.admin.title} intro={adminCopy.intro} />
      {maintenance && <Alert type="warning" showIcon title={zh.admin.maintenanceActive} />}
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          // Ten areas do not fit a phone's width as tabs: there they are one select.
          renderTabBar={
            phone
              ? () => (
                  <Select
                    aria-label={adminCopy.area}
                    value={tab}
                    virtual={false}
                    onChange={(key) => setParams({ tab: key }, { replace: true })}
                    options={WEB_MANAGE_TABS.map(({ key, label }) => ({ value: key, label }))}
                    className="gam-area-select"
                  />
                )
              : undefined
          }
          destroyOnHidden
          items={WEB_MANAGE_TABS.map(({ key, label, Panel }) => ({
            key,
            label,
            children: (
              <Suspense fallback={<Skeleton active />}>
                <Panel />
              </Suspense>
            ),
          }))}
        />
      </Card>
    </div>
  );
}
