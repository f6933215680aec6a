import type { Answer } from '@gre/contracts';
import { App, ConfigProvider, Divider, Typography } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { QuestionView } from '../../src/features/questions';
import { theme } from '../../src/theme';
import { samples, type Sample } from './samples';

function SamplePage({ sample }: { sample: Sample }) {
  const [answer, setAnswer] = useState<Answer>(sample.answering);
  const [word, setWord] = useState('');
  return (
    <div style={{ padding: 16, maxWidth: 1200, margin: '0 auto' }}>
      <Typography.Title level={4}>{sample.title}</Typography.Title>
      <Typography.Text type="secondary">作答模式{word && ` · 点击的单词：${word}`}</Typography.Text>
      <div style={{ marginTop: 12 }}>
        <QuestionView
          question={sample.question}
          answer={answer}
          onAnswer={setAnswer}
          mode="answer"
          onWordClick={(w) => setWord(w)}
        />
      </div>
      <Divider />
      <Typography.Text type="secondary">复习模式</Typography.Text>
      <div style={{ marginTop: 12 }}>
        <QuestionView
          question={sample.question}
          answer={sample.reviewing}
          mode="review"
          onWordClick={(w) => setWord(w)}
        />
      </div>
    </div>
  );
}

function Index() {
  return (
    <ul style={{ padding: 24 }}>
      {samples.map((s) => (
        <li key={s.id}>
          <a href={`?item=${s.id}`}>{s.title}</a>
        </li>
      ))}
    </ul>
  );
}

const id = new URLSearchParams(window.location.search).get('item');
const sample = samples.find((s) => s.id === id);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider theme={theme} locale={zhCN}>
      <App>{sample ? <SamplePage sample={sample} /> : <Index />}</App>
    </ConfigProvider>
  </StrictMode>,
);
