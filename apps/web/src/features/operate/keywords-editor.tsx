import { KEYWORD_MAX, KEYWORDS_MAX } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { coreCopy } from '../../i18n/zh-CN.core';
import { operateCopy } from '../../i18n/zh-CN.posts';
import { keywordsQuery, useSaveKeywords } from './operate-queries';

const k = operateCopy.keywords;

/** Why `word` cannot join `list`; null when it can. */
export function keywordProblem(word: string, list: readonly string[]): string | null {
  if ([...word].length > KEYWORD_MAX) return k.tooLong(KEYWORD_MAX);
  if (list.some((w) => w.toLowerCase() === word.toLowerCase())) return k.duplicate;
  if (list.length >= KEYWORDS_MAX) return k.tooMany(KEYWORDS_MAX);
  return null;
}

function Editor({ saved }: { saved: string[] }) {
  const { message } = App.useApp();
  const save = useSaveKeywords();
  const [words, setWords] = useState(saved);
  const [draft, setDraft] = useState('');
  const word = draft.trim();
  const problem = word ? keywordProblem(word, words) : null;
  const dirty = words.length !== saved.length || words.some((w, i) => w !== saved[i]);
  const add = () => {
    if (!word || problem) return;
    setWords([...words, word]);
    setDraft('');
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">{k.intro}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
        <Input
          aria-label={k.placeholder}
          placeholder={k.placeholder}
          value={draft}
          status={problem ? 'error' : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={add}
        />
        <Button onClick={add} disabled={!word || problem !== null}>
          {k.add}
        </Button>
      </Space.Compact>
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
      {words.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={k.empty} />
      ) : (
        <div className="gop-words">
          {words.map((w) => (
            <Tag
              key={w}
              closable
              closeIcon={<span aria-label={k.remove(w)}>×</span>}
              onClose={(e) => {
                e.preventDefault();
                setWords(words.filter((x) => x !== w));
              }}
            >
              {w}
            </Tag>
          ))}
        </div>
      )}
      <Space wrap>
        <Button
          type="primary"
          disabled={!dirty}
          loading={save.isPending}
          onClick={() =>
            save.mutate(words, {
              onSuccess: (res) => {
                setWords(res.words);
                void message.success(k.saved(res.words.length));
              },
            })
          }
        >
          {k.save}
        </Button>
        {dirty && <Typography.Text type="warning">{k.unsaved}</Typography.Text>}
      </Space>
    </Space>
  );
}

/** 敏感词: the keyword list that holds a comment for review, edited here and saved as a whole. */
export function KeywordsEditor() {
  const { data, isPending, isError, refetch } = useQuery(keywordsQuery);
  if (isError && !data)
    return (
      <Alert
        type="error"
        showIcon
        title={k.failed}
        action={
          <Button size="small" onClick={() => void refetch()}>
            {coreCopy.common.retry}
          </Button>
        }
      />
    );
  if (isPending) return <Skeleton active />;
  // Keyed by the saved list: after a save (or another operator's, on a reload) the editor starts from the server's.
  return <Editor key={data.words.join('\n')} saved={data.words} />;
}
