import {
  TAILOR_NAME_MAX,
  TAILOR_QUESTIONS_MAX,
  tailorCalls,
  type CallRequest,
  type CallResponse,
  type QuestionBrief,
  type TailoredBook,
} from '@gre/contracts';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Drawer, Empty, Form, Input, List, Row, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { ApiError, call } from '../../api/client';
import { reportError } from '../../api/query-client';
import { useIsPhone } from '../../components/use-is-phone';
import { tailorCopy } from '../../i18n/zh-CN.tailor';
import { RichText, useBankNames, type BankNames } from '../questions';
import './tailor.css';

const e = tailorCopy.editor;
const ALL = '';

export type TailorSaved = CallResponse<typeof tailorCalls.save>;

const sourcesQuery = (bookId?: string) => ({
  queryKey: ['tailor', 'sources', bookId ?? null] as const,
  queryFn: () => call(tailorCalls.sources, bookId ? { book_id: bookId } : {}, { quiet: true }),
  staleTime: 60_000,
});

/** Whether a question matches what the teacher typed: its id, or words of its opening or summary. */
export function matchesSearch(q: QuestionBrief, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [q.id, q.preview, q.brief].some((text) => text.toLowerCase().includes(needle));
}

/** A question as the editor lists it: its id and kind, and the stem's opening. */
function Line({ q, names, extra }: { q: QuestionBrief; names: BankNames; extra: ReactNode }) {
  return (
    <div className="gop-tailor-line">
      <div className="gop-tailor-line-body">
        <Space wrap size={[4, 4]}>
          <Tag>{q.id}</Tag>
          <Tag color="blue">{names.kind(q.kind)}</Tag>
          <Tag>{names.difficulty(q.difficulty)}</Tag>
        </Space>
        <RichText text={q.preview} inline lang="en" className="gop-tailor-preview" />
      </div>
      <Space className="gop-tailor-tools">{extra}</Space>
    </div>
  );
}

/**
 * A learner's tailored book made or changed: a name, and questions picked from the books whose tailor.custom flag is
 * set (one book or all of them, searched by id or text) into an ordered list the teacher can reorder. Saving a new
 * one takes one of the learner's custom tailor uses on the server.
 */
export function TailorEditor({
  learner,
  book,
  onClose,
  onSaved,
}: {
  learner: { id: number; label: string };
  book: TailoredBook | null;
  onClose: () => void;
  onSaved: (saved: TailorSaved, created: boolean) => void;
}) {
  const phone = useIsPhone();
  const names = useBankNames();
  const [name, setName] = useState(book?.name ?? '');
  const [chosen, setChosen] = useState<string[]>(book?.question_ids ?? []);
  const [source, setSource] = useState(ALL);
  const [search, setSearch] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const sources = useQuery(sourcesQuery());
  const books = sources.data?.books ?? [];
  const picked = source === ALL ? books.map((b) => b.book_id) : [source];
  const loaded = useQueries({ queries: picked.map((id) => sourcesQuery(id)) });
  const candidates = useMemo(() => {
    const byId = new Map<string, QuestionBrief>();
    for (const r of loaded) for (const q of r.data?.questions ?? []) if (!byId.has(q.id)) byId.set(q.id, q);
    return byId;
  }, [loaded]);
  const shown = [...candidates.values()].filter((q) => matchesSearch(q, search));

  const save = useMutation({
    mutationFn: (body: CallRequest<typeof tailorCalls.save>) => call(tailorCalls.save, body),
    meta: { handlesErrors: true },
    onSuccess: (saved) => onSaved(saved, book === null),
    onError: (err) => {
      if (
        err instanceof ApiError &&
        (err.kind === 'conflict' || err.kind === 'not_found' || err.kind === 'invalid_input')
      )
        return setProblem(err.show || err.detail);
      reportError(err);
    },
  });

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > TAILOR_NAME_MAX) return setProblem(e.nameRule);
    if (chosen.length === 0) return setProblem(e.needQuestions);
    setProblem(null);
    save.mutate({ ...(book ? { id: book.id } : {}), user_id: learner.id, name: trimmed, question_ids: chosen });
  };
  const add = (id: string) => {
    if (chosen.length >= TAILOR_QUESTIONS_MAX) return setProblem(e.tooMany(TAILOR_QUESTIONS_MAX));
    setProblem(null);
    setChosen([...chosen, id]);
  };
  const move = (i: number, by: number) => {
    const next = [...chosen];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    setChosen(next);
  };

  const sourcesFailed = sources.isError || loaded.some((r) => r.isError);
  return (
    <Drawer
      open
      onClose={onClose}
      size={phone ? '100%' : 1000}
      title={book ? e.editTitle(book.name) : e.createTitle(learner.label)}
      destroyOnHidden
      extra={
        <Button type="primary" onClick={submit} loading={save.isPending}>
          {e.save}
        </Button>
      }
    >
      <Form layout="vertical" component="div">
        <Form.Item label={e.name}>
          <Input
            aria-label={e.name}
            value={name}
            maxLength={TAILOR_NAME_MAX}
            showCount
            onChange={(ev) => setName(ev.target.value)}
          />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={12}>
          <Space wrap style={{ marginBottom: 8 }}>
            <Select
              aria-label={e.source}
              value={source}
              onChange={setSource}
              style={{ minWidth: 220 }}
              options={[
                { value: ALL, label: e.allSources },
                ...books.map((b) => ({ value: b.book_id, label: b.title })),
              ]}
            />
            <Input.Search
              aria-label={e.search}
              placeholder={e.searchPlaceholder}
              allowClear
              value={search}
              onChange={(ev) => setSearch(ev.target.value)}
              style={{ width: 220 }}
            />
          </Space>
          {sourcesFailed && <Alert type="warning" showIcon title={e.loadFailed} style={{ marginBottom: 8 }} />}
          {sources.isSuccess && books.length === 0 && (
            <Alert type="info" showIcon title={e.noSources} style={{ marginBottom: 8 }} />
          )}
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {e.candidates(shown.length)}
          </Typography.Paragraph>
          <List
            size="small"
            loading={sources.isPending || loaded.some((r) => r.isPending)}
            dataSource={shown}
            locale={{ emptyText: e.noCandidates }}
            pagination={shown.length > 20 ? { pageSize: 20, size: 'small', showSizeChanger: false } : false}
            renderItem={(q) => (
              <List.Item>
                <Line
                  q={q}
                  names={names}
                  extra={
                    chosen.includes(q.id) ? (
                      <Typography.Text type="secondary">{e.added}</Typography.Text>
                    ) : (
                      <Button size="small" onClick={() => add(q.id)} aria-label={`${e.add} ${q.id}`}>
                        {e.add}
                      </Button>
                    )
                  }
                />
              </List.Item>
            )}
          />
        </Col>
        <Col xs={24} lg={12}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {e.chosen(chosen.length, TAILOR_QUESTIONS_MAX)}
          </Typography.Title>
          {chosen.length === 0 ? (
            <Empty description={e.noneChosen} />
          ) : (
            <List
              size="small"
              dataSource={chosen}
              renderItem={(id, i) => {
                const q = candidates.get(id);
                const tools = (
                  <>
                    <Button
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={`${e.up} ${id}`}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                    />
                    <Button
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={`${e.down} ${id}`}
                      disabled={i === chosen.length - 1}
                      onClick={() => move(i, 1)}
                    />
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${e.drop} ${id}`}
                      onClick={() => setChosen(chosen.filter((x) => x !== id))}
                    />
                  </>
                );
                return (
                  <List.Item>
                    {q ? (
                      <Line q={q} names={names} extra={tools} />
                    ) : (
                      <div className="gop-tailor-line">
                        <Tag>{id}</Tag>
                        <Space className="gop-tailor-tools">{tools}</Space>
                      </div>
                    )}
                  </List.Item>
                );
              }}
            />
          )}
        </Col>
      </Row>
    </Drawer>
  );
}
