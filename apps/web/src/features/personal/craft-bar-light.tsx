import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { theme } from '../../theme';
import { CraftBar } from './craft-bar';
import type { CraftTarget } from './personal-queries';

/**
 * The craft bar on a page rendered without antd (the exam result review): loaded on demand with its own antd
 * context, so the exam screen's first load stays free of antd.
 */
export default function CraftBarLight({ target }: { target: CraftTarget }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <App message={{ maxCount: 3 }}>
        <CraftBar target={target} />
      </App>
    </ConfigProvider>
  );
}
