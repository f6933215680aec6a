import { FileSearchOutlined } from '@ant-design/icons';
import { GRE_BANDS, type WordMet } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, List, Progress, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { zh } from '../../i18n/zh-CN';
import { CreateFlashButton } from './create-flash-button';
import { bandsQuery, metPageQuery } from './word-book-queries';
import { findWord, MarkedSentence, WordQuestionViewer } from './word-sentence';

const g = zh.words.page.bands;
const m = zh.words.page.met;

/** GRE 词表: the five frequency bands with how many words each holds and how many the learner has mastered. */
export function BandsCard() {
  const { data, isError } = useQuery(bandsQuery);
  // The server lists the bands it has; any band of the list it leaves out is shown as empty rather than hidden.
  const bands = Array.from({ length: GRE_BANDS }, (_, i) => {
    const band = i + 1;
    return data?.bands.find((x) => x.band === band) ?? { band, count: 0, mastered: 0 };
  });
  return (
    <Card title={g.title} className="gw-card">
      <Typography.Paragraph type="secondary">{g.intro}</Typography.Paragraph>
      {isError ? (
        <Alert type="error" showIcon title={g.failed} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <List
          dataSource={bands}
          rowKey="band"
          renderItem={(x) => (
            <List.Item className="gw-row">
              <div className="gw-row-main">
                <Typography.Text strong>{g.band(x.band)}</Typography.Text>
                <Progress
                  percent={x.count === 0 ? 0 : Math.round((x.mastered / x.count) * 100)}
                  size="small"
                  aria-label={`${g.band(x.band)} ${g.summary(x.count, x.mastered)}`}
                />
                <Typography.Text type="secondary">{g.summary(x.count, x.mastered)}</Typography.Text>
              </div>
              <CreateFlashButton
                source="gre_band"
                scope={String(x.band)}
                label={g.createFlash}
                aria-label={`${g.createFlash}：${g.band(x.band)}`}
                disabled={x.count === 0}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function MetItem({ item, onOpen }: { item: WordMet; onOpen: () => void }) {
  return (
    <li className="gw-row">
      <div className="gw-row-main">
        <Space wrap size={[8, 4]}>
          <Typography.Text strong lang="en" className="gw-headword-sm">
            {item.word}
          </Typography.Text>
          <Typography.Text type="secondary">{m.times(item.count)}</Typography.Text>
        </Space>
        <Typography.Text className="gw-sentence">
          <MarkedSentence sentence={item.sentence} range={findWord(item.sentence, item.word)} />
        </Typography.Text>
      </div>
      <Button icon={<FileSearchOutlined />} aria-label={m.openOf(item.word)} onClick={onOpen}>
        {m.open}
      </Button>
    </li>
  );
}

/**
 * One loaded page of the words met. The card has fetched it already (it reads the first page and the last), so
 * showing it asks the server nothing more.
 */
function MetPage({ page, onOpen }: { page: number; onOpen: (item: WordMet) => void }) {
  const { data } = useQuery({ ...metPageQuery(page), refetchOnMount: false });
  if (!data) return null;
  return data.items.map((x) => <MetItem key={`${x.word}:${x.question_id}`} item={x} onOpen={() => onOpen(x)} />);
}

/** 查词记录: the words the learner looked up in questions, latest first, a page at a time; a deck can be made of them. */
export function MetCard() {
  const [pages, setPages] = useState(1);
  const first = useQuery(metPageQuery(1));
  const last = useQuery(metPageQuery(pages));
  const [opened, setOpened] = useState<WordMet | null>(null);
  const total = first.data?.total ?? 0;
  // Every page but the last is full, so the first page's length is the server's page size.
  const loaded = last.data ? (pages - 1) * (first.data?.items.length ?? 0) + last.data.items.length : 0;
  const more = last.data !== undefined && last.data.items.length > 0 && loaded < total;
  return (
    <Card
      title={m.title}
      className="gw-card"
      extra={<CreateFlashButton source="met" label={m.createFlash} disabled={!first.data || total === 0} />}
    >
      <Typography.Paragraph type="secondary">{m.intro}</Typography.Paragraph>
      {first.isError ? (
        <Alert type="error" showIcon title={m.failed} />
      ) : first.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={m.empty} />
      ) : (
        <>
          <ul className="gw-list">
            {Array.from({ length: pages }, (_, i) => (
              <MetPage key={i + 1} page={i + 1} onOpen={setOpened} />
            ))}
          </ul>
          <div className="gw-more">
            <Typography.Text type="secondary">{m.total(total)}</Typography.Text>
            {(more || last.isPending) && (
              <Button loading={last.isPending} onClick={() => setPages((n) => n + 1)}>
                {m.more}
              </Button>
            )}
            {last.isError && <Typography.Text type="danger">{m.failed}</Typography.Text>}
          </div>
        </>
      )}
      {opened && (
        <WordQuestionViewer questionId={opened.question_id} word={opened.word} onClose={() => setOpened(null)} />
      )}
    </Card>
  );
}
