import type { ContentSummary, DryRunResult, ImportResult } from '@gre/contracts';
import { Alert, Col, List, Result, Row, Statistic, Table, Tag, Typography } from 'antd';
import { zh } from '../../i18n/zh-CN';
import { ProblemTable } from './sync-problems';

const s = zh.sync;

function SummaryStats({ summary }: { summary: ContentSummary }) {
  const items: [string, number][] = [
    [s.summary.files, summary.files],
    [s.summary.passages, summary.passages],
    [s.summary.questions, summary.questions],
    [s.summary.words, summary.words],
    [s.summary.books, summary.books],
    [s.summary.bookItems, summary.book_items],
  ];
  return (
    <Row gutter={[16, 16]} className="gs-stats">
      {items.map(([title, value]) => (
        <Col key={title} xs={8} sm={4}>
          <Statistic title={title} value={value} />
        </Col>
      ))}
    </Row>
  );
}

/** A dry run: what the package holds, whether it may be imported, every problem, and the files left out. */
export function DryRunReport({ result, stale }: { result: DryRunResult; stale: boolean }) {
  return (
    <section aria-label={s.summary.title} className="gs-section">
      <Typography.Title level={5}>{s.summary.title}</Typography.Title>
      <SummaryStats summary={result.summary} />
      {stale ? (
        <Alert type="warning" showIcon title={s.summary.stale} />
      ) : result.valid ? (
        <Alert type="success" showIcon title={s.summary.valid} />
      ) : (
        <Alert
          type="error"
          showIcon
          title={s.summary.invalid(result.problem_count)}
          description={
            result.problem_count > result.problems.length
              ? s.summary.truncated(result.problems.length, result.problem_count)
              : undefined
          }
        />
      )}
      {result.problems.length > 0 && (
        <>
          <Typography.Title level={5} className="gs-subtitle">
            {s.problems.title}
          </Typography.Title>
          <ProblemTable problems={result.problems} />
        </>
      )}
    </section>
  );
}

/** Files left out of the package, by this page (never sent) or by the server (read, not imported), with why. */
export function SkippedList({ items }: { items: { file: string; reason: string; by: 'client' | 'server' }[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-label={s.skipped.title} className="gs-section">
      <Typography.Title level={5}>{s.skipped.title}</Typography.Title>
      <List
        size="small"
        bordered
        dataSource={items}
        pagination={items.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
        renderItem={(x) => (
          <List.Item>
            <div>
              <Tag color={x.by === 'server' ? 'blue' : 'default'}>
                {x.by === 'server' ? s.skipped.server : s.skipped.client}
              </Tag>
              <span className="gs-mono">{x.file}</span>
              <Typography.Text type="secondary"> — {x.reason}</Typography.Text>
            </div>
          </List.Item>
        )}
      />
    </section>
  );
}

/** What an import wrote: rows created and updated by kind, words, book items, and items no longer listed. */
export function ImportReport({ result }: { result: ImportResult }) {
  const { summary, created } = result;
  const rows = [
    // Words are imported as word questions, so the server counts the ones it created among the questions.
    {
      key: 'questions',
      kind: summary.words > 0 ? s.result.questionsWithWords : s.summary.questions,
      total: summary.questions + summary.words,
      created: created.questions,
    },
    { key: 'passages', kind: s.summary.passages, total: summary.passages, created: created.passages },
    { key: 'books', kind: s.summary.books, total: summary.books, created: created.books },
  ];
  return (
    <section className="gs-result" aria-label={s.result.title}>
      <Result status="success" title={s.result.title} subTitle={s.result.subtitle} />
      <div className="gs-result-body">
        <Table
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: s.result.kind, dataIndex: 'kind' },
            { title: s.result.created, dataIndex: 'created', align: 'right' },
            {
              title: s.result.updated,
              key: 'updated',
              align: 'right',
              render: (_: unknown, r: (typeof rows)[number]) => Math.max(0, r.total - r.created),
            },
            { title: s.result.total, dataIndex: 'total', align: 'right' },
          ]}
        />
        <ul className="gs-result-lines">
          {summary.words > 0 && <li>{s.result.wordsLine(summary.questions, summary.words)}</li>}
          <li>{s.result.bookItemsLine(summary.book_items)}</li>
          <li>{s.result.removed(result.removed_book_items)}</li>
        </ul>
      </div>
    </section>
  );
}
