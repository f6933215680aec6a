import type { ThemeConfig } from 'antd';

/** ui.md: the system CJK stack, so Chinese renders without a web font download. */
export const CJK_FONT_STACK = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif';

/** ui.md: English passages and stems read in a serif. */
export const READING_FONT_STACK = 'Georgia, "Times New Roman", "Noto Serif CJK SC", serif';

/** The one palette; components read colours from here or from antd tokens, never literals. */
export const palette = {
  primary: '#1f5fbf',
  success: '#2e8b57',
  warning: '#d48806',
  error: '#c8372d',
  info: '#1f5fbf',
  layoutBg: '#f4f6f9',
  surface: '#ffffff',
  navBg: '#ffffff',
  text: '#1f2329',
  textMuted: '#646a73',
  border: '#e3e6eb',
  /** Behind full-screen overlays (upgrade, loading). */
  scrim: 'rgba(15, 23, 42, 0.55)',
  scrimLight: 'rgba(255, 255, 255, 0.6)',
  /** Skeleton blocks while a page loads, and their moving highlight (antd's colorFillContent / colorFill). */
  skeleton: 'rgba(0, 0, 0, 0.06)',
  skeletonShine: 'rgba(0, 0, 0, 0.15)',
} as const;

/** Spacing and sizes in one place (px). */
export const layout = {
  /** ui.md: phone layout at or below this width. */
  phoneMaxWidth: 480,
  contentMaxWidth: 1120,
  readingMaxWidth: 760,
  navHeight: 56,
  gutter: 16,
  gutterLarge: 24,
  /** ui.md: touch targets are at least 44 px. */
  touchTarget: 44,
  drawerWidth: 280,
  brandLogo: 28,
  brandFontSize: 18,
  dialogWide: 860,
  dialogNarrow: 520,
  navZ: 10,
  overlayZ: 2000,
  loadingZ: 1900,
} as const;

/** The antd theme: tokens only, consumed through ConfigProvider. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: palette.primary,
    colorSuccess: palette.success,
    colorWarning: palette.warning,
    colorError: palette.error,
    colorInfo: palette.info,
    colorTextBase: palette.text,
    colorBgLayout: palette.layoutBg,
    colorBorderSecondary: palette.border,
    fontFamily: CJK_FONT_STACK,
    fontSize: 15,
    borderRadius: 8,
    controlHeightLG: layout.touchTarget,
  },
  components: {
    Layout: {
      headerBg: palette.navBg,
      headerHeight: layout.navHeight,
      headerPadding: `0 ${layout.gutter}px`,
      footerBg: palette.layoutBg,
    },
    Card: { bodyPadding: layout.gutterLarge },
  },
};
