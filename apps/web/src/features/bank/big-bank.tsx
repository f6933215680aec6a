import { ALL_QUESTION_KINDS, DIFFICULTIES, MATH_TOPICS, type ExamFilter } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  List,
  Pagination,
  Row,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useSearchParams } from 'react-router';
import { OpenableListItem } from '../../components/openable-list-item';
import { zh } from '../../i18n/zh-CN';
import { layout } from '../../theme';
import { useBankNames } from '../questions';
import { filterQuery, type BigFilter } from './bank-queries';
import { QuestionLine } from './book-drawer';
import { usePractice } from './book-shelf';
import { FilterExamButton } from '../records';

const t = zh.bank.big;
const PAGE_SIZE = 20;
const CATEGORY_IDS = [0, 1, 2, 3, 4, 5] as const;
type CategoryId = (typeof CATEGORY_IDS)[number];

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The filter lives in the URL so a filtered page can be bookmarked, shared and reloaded. */
export function filterFromParams(params: URLSearchParams): BigFilter & { page: number } {
  const category = Number(params.get('category') ?? 0);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const tag = params.get('tag')?.trim().slice(0, 30);
  const keyword = params.get('keyword')?.trim().slice(0, 64);
  return {
    category: (CATEGORY_IDS as readonly number[]).includes(category) ? (category as CategoryId) : 0,
    kind: oneOf(params.get('kind'), ALL_QUESTION_KINDS),
    difficulty: oneOf(params.get('difficulty'), DIFFICULTIES),
    topic: oneOf(params.get('topic'), MATH_TOPICS),
    tag: tag || undefined,
    keyword: keyword && keyword.length >= 2 ? keyword : undefined,
    page,
    page_size: PAGE_SIZE,
  };
}

function toParams(f: Record<string, string | number | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(f)
      .filter(([, v]) => v !== undefined && v !== '' && v !== 0)
      .map(([k, v]) => [k, String(v)]),
  );
}

/** The part of the filter an exam draw uses (no keyword, no paging). */
function examFilter(f: BigFilter): ExamFilter {
  return { category: f.category ?? 0, kind: f.kind, difficulty: f.difficulty, topic: f.topic, tag: f.tag };
}

interface FormValues {
  category: number;
  kind?: string;
  difficulty?: string;
  topic?: string;
  tag?: string;
  keyword?: string;
}

/** exercise_list/big: the whole bank by category, kind, difficulty, topic, tag and keyword, a page at a time; any result list can be practised. */
export function BigBank() {
  const names = useBankNames();
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const { data, isPending } = useQuery(filterQuery(filter));
  const { practise, overlays } = usePractice(names);
  const [form] = Form.useForm<FormValues>();
  const category = Form.useWatch('category', form) ?? filter.category;
  const cfg = names.config?.categories.find((c) => c.id === category);
  const categories = names.config?.categories ?? [];

  const submit = (v: FormValues) => setParams(toParams({ ...v, page: undefined }));
  const items = data?.items ?? [];
  const list = { items, bookId: null, title: zh.bank.pages.big.title };

  return (
    <>
      <Card className="gb-filter">
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            category: filter.category,
            kind: filter.kind,
            difficulty: filter.difficulty,
            topic: filter.topic,
            tag: filter.tag,
            keyword: filter.keyword,
          }}
          onFinish={submit}
          onValuesChange={(changed: Partial<FormValues>) => {
            if ('category' in changed) form.setFieldsValue({ kind: undefined, topic: undefined });
          }}
        >
          <Row gutter={layout.gutter}>
            <Col xs={12} md={6}>
              <Form.Item name="category" label={t.category}>
                <Select
                  options={[
                    { value: 0, label: zh.bank.allCategories },
                    ...categories.map((c) => ({ value: c.id, label: c.name })),
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="kind" label={t.kind}>
                <Select
                  allowClear
                  placeholder={t.all}
                  disabled={!cfg}
                  options={(cfg?.kinds ?? []).map((k) => ({ value: k.id, label: k.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="difficulty" label={t.difficulty}>
                <Select
                  allowClear
                  placeholder={t.all}
                  options={DIFFICULTIES.map((d) => ({ value: d, label: names.difficulty(d) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="topic" label={t.topic}>
                <Select
                  allowClear
                  placeholder={t.all}
                  disabled={!cfg?.subs.length}
                  options={(cfg?.subs ?? []).map((s) => ({ value: s.id, label: s.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="tag" label={t.tag} rules={[{ max: 30 }]}>
                <Input allowClear placeholder={t.tagPlaceholder} maxLength={30} />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item name="keyword" label={t.keyword} rules={[{ min: 2, max: 64 }]}>
                <Input allowClear placeholder={t.keywordPlaceholder} maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6} className="gb-filter-actions">
              <Space>
                <Button type="primary" htmlType="submit">
                  {t.search}
                </Button>
                <Button
                  onClick={() => {
                    form.resetFields();
                    form.setFieldsValue({
                      category: 0,
                      kind: undefined,
                      difficulty: undefined,
                      topic: undefined,
                      tag: undefined,
                      keyword: undefined,
                    });
                    setParams({});
                  }}
                >
                  {t.reset}
                </Button>
              </Space>
            </Col>
          </Row>
        </Form>
      </Card>
      <Card
        className="gb-results"
        title={data ? totalLabel(data) : ' '}
        extra={
          <Space wrap>
            <Button type="primary" ghost disabled={items.length === 0} onClick={() => practise(list, 0)}>
              {t.practise}
            </Button>
            <FilterExamButton
              filter={examFilter(filter)}
              keyword={filter.keyword}
              names={names}
              disabled={items.length === 0}
            />
          </Space>
        }
      >
        {isPending ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : items.length === 0 ? (
          <Empty description={t.none} />
        ) : (
          <>
            <List
              dataSource={items}
              renderItem={(q, i) => (
                <OpenableListItem onOpen={() => practise(list, i)}>
                  <QuestionLine brief={q} n={(filter.page - 1) * PAGE_SIZE + i + 1} names={names} />
                </OpenableListItem>
              )}
            />
            <Pagination
              className="gb-pager"
              current={filter.page}
              pageSize={PAGE_SIZE}
              total={Math.min(data?.total ?? 0, 10_000 * PAGE_SIZE)}
              showSizeChanger={false}
              onChange={(page) =>
                setParams(toParams({ ...filter, page_size: undefined, page: page === 1 ? undefined : page }))
              }
            />
            {data && <Typography.Text type="secondary">{totalLabel(data)}</Typography.Text>}
          </>
        )}
      </Card>
      {overlays}
    </>
  );
}

/** A keyword filter stops counting at the server's cap; say so rather than show the cap as the total. */
function totalLabel(data: { total: number; capped: boolean }): string {
  return data.capped ? t.totalCapped(data.total) : t.total(data.total);
}
