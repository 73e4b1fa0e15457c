import { App as AntApp, ConfigProvider, type ThemeConfig, theme as antdTheme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import 'antd/dist/antd.css';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { bindFeedback } from '../lib/feedback';
import { useSettings } from '../lib/settings';
import { readableText } from './readable-colour';

dayjs.locale('zh-cn');

function FeedbackBridge() {
  const app = AntApp.useApp();
  useEffect(() => bindFeedback(app), [app]);
  return null;
}

const ANTD_DEFAULTS = antdTheme.getDesignToken();
/** antd's preset Tag colours; a tag writes its text in shade 7 on shade 1. */
const TAG_COLOURS = [
  'blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold',
] as const;
/** Grey text that keeps 4.5:1 on white and on the page background (antd's 45 % black does not). */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';
const PLACEHOLDER_TEXT = 'rgba(0, 0, 0, 0.55)';
/** antd's background of a hovered table row. */
const TABLE_ROW_HOVER = '#fafafa';

/**
 * The chosen theme colour stays the colour of buttons, borders and the selected menu item; wherever antd would write
 * text in it (links, the selected tab, the current page number) or in its red, green or amber, the text is darkened
 * just enough to read (WCAG 2.1 AA, 4.5:1). White text on the theme colour itself is the one exception: see README
 * (无障碍).
 */
function themeFor(primary: string, reducedMotion: boolean): ThemeConfig {
  // Links are also written on a selected (and hovered) table row, the theme colour's light tint.
  const primaryText = readableText(primary, antdTheme.getDesignToken({ token: { colorPrimary: primary } }).controlItemBgActiveHover);
  const primaryTextHover = readableText(primary, '#ffffff', 6);
  const tagText = Object.fromEntries(
    TAG_COLOURS.map((c) => [`${c}7`, readableText(ANTD_DEFAULTS[`${c}7`], ANTD_DEFAULTS[`${c}1`])]),
  );
  return {
    zeroRuntime: true,
    hashed: false,
    token: {
      // antd's fades, slides and wave are left out for whoever asked their system for less motion (WCAG 2.3.3).
      motion: !reducedMotion,
      colorPrimary: primary,
      colorLink: primaryText,
      colorLinkHover: primaryTextHover,
      colorLinkActive: primaryTextHover,
      colorTextTertiary: SECONDARY_TEXT,
      colorTextDescription: SECONDARY_TEXT,
      colorTextPlaceholder: PLACEHOLDER_TEXT,
      // 删除 links are also written on a hovered table row (#fafafa).
      colorError: readableText(ANTD_DEFAULTS.colorError, TABLE_ROW_HOVER),
      colorSuccessText: readableText(ANTD_DEFAULTS.colorSuccess),
      colorWarningText: readableText(ANTD_DEFAULTS.colorWarning),
    },
    components: {
      Tabs: { itemSelectedColor: primaryText, itemHoverColor: primaryTextHover, itemActiveColor: primaryTextHover },
      Pagination: { itemActiveColor: primaryText, itemActiveColorHover: primaryTextHover },
      // The table's “no data” line is written in the disabled grey.
      Table: { colorTextDisabled: PLACEHOLDER_TEXT },
      Tag: {
        ...tagText,
        colorSuccess: readableText(ANTD_DEFAULTS.colorSuccess, ANTD_DEFAULTS.colorSuccessBg),
        colorInfo: readableText(ANTD_DEFAULTS.colorInfo, ANTD_DEFAULTS.colorInfoBg),
        colorWarning: readableText(ANTD_DEFAULTS.colorWarning, ANTD_DEFAULTS.colorWarningBg),
        colorError: readableText(ANTD_DEFAULTS.colorError, ANTD_DEFAULTS.colorErrorBg),
      },
    },
  };
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function watchReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;

/** antd with the Chinese locale and the chosen theme colour; only pages built with antd load it. */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { theme } = useSettings();
  const reducedMotion = useSyncExternalStore(watchReducedMotion, prefersReducedMotion);
  const themeConfig = useMemo(() => themeFor(theme, reducedMotion), [theme, reducedMotion]);
  return (
    <ConfigProvider locale={zhCN} theme={themeConfig} button={{ autoInsertSpace: false }}>
      <AntApp>
        <FeedbackBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
