import { FileSearchOutlined } from '@ant-design/icons';
import { GRE_BANDS, type WordMet } from '@gre/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, List, Progress, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { zh } from '../../i18n/zh-CN';
import { CreateFlashButton } from './create-flash-button';
import { bandsQuery, metQuery } from './word-book-queries';
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
    <List.Item className="gw-row">
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
    </List.Item>
  );
}

/** 查词记录: the words the learner looked up in questions, latest first, a page at a time; a deck can be made of them. */
export function MetCard() {
  const met = useInfiniteQuery(metQuery);
  const [opened, setOpened] = useState<WordMet | null>(null);
  const items = met.data?.pages.flatMap((page) => page.items) ?? [];
  const total = met.data?.pages.at(-1)?.total ?? 0;
  return (
    <Card
      title={m.title}
      className="gw-card"
      extra={<CreateFlashButton source="met" label={m.createFlash} disabled={!met.data || total === 0} />}
    >
      <Typography.Paragraph type="secondary">{m.intro}</Typography.Paragraph>
      {met.isError && items.length === 0 ? (
        <Alert type="error" showIcon title={m.failed} />
      ) : met.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={m.empty} />
      ) : (
        <>
          <List
            dataSource={items}
            rowKey={(x) => `${x.word}:${x.question_id}:${x.last_stamp}`}
            renderItem={(x) => <MetItem item={x} onOpen={() => setOpened(x)} />}
          />
          <div className="gw-more">
            <Typography.Text type="secondary">{m.total(total)}</Typography.Text>
            {met.hasNextPage && (
              <Button loading={met.isFetchingNextPage} onClick={() => void met.fetchNextPage()}>
                {m.more}
              </Button>
            )}
            {met.isFetchNextPageError && <Typography.Text type="danger">{m.failed}</Typography.Text>}
          </div>
        </>
      )}
      {opened && (
        <WordQuestionViewer questionId={opened.question_id} word={opened.word} onClose={() => setOpened(null)} />
      )}
    </Card>
  );
}
