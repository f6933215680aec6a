import { RobotOutlined } from '@ant-design/icons';
import { App, Button, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState } from 'react';
import { assistantCopy } from '../../i18n/zh-CN.assistant';
import { theme } from '../../theme';
import { AssistantPanel } from './assistant-panel';
import './assistant.css';

function InlineAssistant({ questionId }: { questionId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="gas-inline">
      <Button icon={<RobotOutlined />} aria-expanded={open} onClick={() => setOpen(!open)}>
        {assistantCopy.entry}
      </Button>
      {open && <AssistantPanel questionId={questionId} />}
    </div>
  );
}

/**
 * "问助教" in the exam result's review, which renders without antd: loaded on demand with its own antd context, and
 * opening the assistant in place under the question, as the discussion does there — the review is the exam screen's
 * own dialog, which keeps Esc and Tab to itself, so a second dialog over it would not get them. The server grounds
 * the answer in this question as the learner may now see it (the exam is finished).
 */
export default function AssistantLight({ questionId }: { questionId: string }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <App message={{ maxCount: 3 }}>
        <InlineAssistant questionId={questionId} />
      </App>
    </ConfigProvider>
  );
}
