import { Card, Skeleton } from 'antd';
import { layout, palette } from '../theme';

/** ui.md: every page shows a skeleton while loading, never a blank screen. */
export function PageSkeleton({ fullPage = false, rows = 6 }: { fullPage?: boolean; rows?: number }) {
  const card = (
    <Card aria-busy="true">
      <Skeleton active title paragraph={{ rows }} />
    </Card>
  );
  if (!fullPage) return card;
  return (
    <div style={{ minHeight: '100vh', background: palette.layoutBg, padding: layout.gutter }}>
      <div style={{ maxWidth: layout.contentMaxWidth, margin: '0 auto', paddingTop: layout.navHeight }}>{card}</div>
    </div>
  );
}
