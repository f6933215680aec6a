import type { ThemeConfig } from 'antd';

/** ui.md: the system CJK stack, so Chinese renders without a web font download. */
export const CJK_FONT_STACK = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif';

/** ui.md: English passages and stems read in a serif. */
export const READING_FONT_STACK = 'Georgia, "Times New Roman", "Noto Serif CJK SC", serif';

/** The one palette; components read colours from here or from antd tokens, never literals. */
export const palette = {
  primary: '#1f5fbf',
  /** Success and warning also colour text and white-on-colour badges, so both hold 4.5:1 against white (ui.md: AA). */
  success: '#237a4b',
  successBg: '#edf7f1',
  successBorder: '#b7dfc6',
  warning: '#a0620a',
  warningBg: '#fff8e6',
  warningBorder: '#f5d48f',
  error: '#c8372d',
  info: '#1f5fbf',
  layoutBg: '#f4f6f9',
  surface: '#ffffff',
  navBg: '#ffffff',
  text: '#1f2329',
  textMuted: '#646a73',
  /**
   * The greys of secondary text, descriptions and placeholders: the text colour at an opacity that keeps 4.5:1 on
   * white, on the layout background and on the light blue of a hovered list line (antd's 0.45 and 0.25 fall to 2.7:1
   * and 1.7:1). Disabled text keeps antd's lighter grey: WCAG exempts it.
   */
  textSecondary: 'rgba(31, 35, 41, 0.75)',
  textTertiary: 'rgba(31, 35, 41, 0.68)',
  textPlaceholder: 'rgba(31, 35, 41, 0.65)',
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

/**
 * Tag text of the preset colours whose antd shade 7 is under 4.5:1 on its own shade-1 background (gold 2.8, green
 * and cyan 3.4, orange 3.3, lime 2.5, volcano 4.4): a darker shade, the background untouched. Each is set under both
 * of antd's names (`gold7`, `gold-7`), which write the same CSS variable.
 */
const presetTagText = Object.fromEntries(
  Object.entries({
    gold: '#8c5c00',
    green: '#237804',
    cyan: '#006d75',
    orange: '#ad4e00',
    lime: '#3f6600',
    volcano: '#ad2102',
  }).flatMap(([name, text]) => [
    [`${name}7`, text],
    [`${name}-7`, text],
  ]),
);

/** The antd theme: tokens only, consumed through ConfigProvider. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: palette.primary,
    colorSuccess: palette.success,
    colorSuccessBg: palette.successBg,
    colorSuccessBorder: palette.successBorder,
    colorWarning: palette.warning,
    colorWarningBg: palette.warningBg,
    colorWarningBorder: palette.warningBorder,
    colorError: palette.error,
    colorInfo: palette.info,
    colorTextBase: palette.text,
    colorTextSecondary: palette.textSecondary,
    colorTextTertiary: palette.textTertiary,
    colorTextDescription: palette.textTertiary,
    colorTextPlaceholder: palette.textPlaceholder,
    ...presetTagText,
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
