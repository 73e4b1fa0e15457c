import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect } from 'react';
import { bindFeedback } from '../lib/feedback';
import { useSettings } from '../lib/settings';

dayjs.locale('zh-cn');

function FeedbackBridge() {
  const app = AntApp.useApp();
  useEffect(() => bindFeedback(app), [app]);
  return null;
}

/** antd with the Chinese locale and the chosen theme colour; only pages built with antd load it. */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { theme } = useSettings();
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: theme } }} button={{ autoInsertSpace: false }}>
      <AntApp>
        <FeedbackBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
