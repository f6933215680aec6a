import { Layout } from 'antd';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { useCurrentUser, useSessionCheckOnFocus } from '../../features/auth';
import type { RouteHandle } from '../../route-table';
import { layout } from '../../theme';
import { PageSkeleton } from '../page-skeleton';
import { NavBar } from './nav-bar';
import { SiteFooter } from './site-footer';

/** Nav, content and footer for every route except /login, /agreement and the full-screen exam. */
export function NavLayout() {
  const navigation = useNavigation();
  const user = useCurrentUser();
  useSessionCheckOnFocus();
  const matches = useMatches();
  const access = (matches.at(-1)?.handle as RouteHandle | undefined)?.access ?? 'public';
  // A page that needs a user waits behind a skeleton while the catalogue handles a failed start
  // (upgrade overlay, version reload, expired login) — except the admin console, which copes itself.
  const waiting = navigation.state === 'loading' || (access === 'user' && user === null);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <NavBar user={user} />
      <Layout.Content
        style={{ width: '100%', maxWidth: layout.contentMaxWidth, margin: '0 auto', padding: layout.gutter }}
      >
        {waiting ? <PageSkeleton /> : <Outlet />}
      </Layout.Content>
      <SiteFooter />
    </Layout>
  );
}
