import type { CSSProperties } from 'react';
import { layout, palette } from '../theme';
import './page-skeleton.css';

const cardStyle = {
  background: palette.surface,
  border: `1px solid ${palette.border}`,
  '--gre-skeleton': palette.skeleton,
  '--gre-skeleton-shine': palette.skeletonShine,
} as CSSProperties;

/**
 * ui.md: every page shows a skeleton while loading, never a blank screen. Plain markup in antd's look, because it
 * is also the first paint of every route, before antd (if the route uses it at all) has loaded.
 */
export function PageSkeleton({ fullPage = false, rows = 6 }: { fullPage?: boolean; rows?: number }) {
  const card = (
    <div className="gre-skeleton-card" aria-busy="true" style={cardStyle}>
      <span />
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} />
      ))}
    </div>
  );
  if (!fullPage) return card;
  return (
    <div style={{ minHeight: '100vh', background: palette.layoutBg, padding: layout.gutter, boxSizing: 'border-box' }}>
      <div style={{ maxWidth: layout.contentMaxWidth, margin: '0 auto', paddingTop: layout.navHeight }}>{card}</div>
    </div>
  );
}
