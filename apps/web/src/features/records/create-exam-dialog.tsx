import { FieldTimeOutlined } from '@ant-design/icons';
import {
  EXAM_TIMING_DEFAULTS,
  FILTER_EXAM_MAX,
  MATH_CREATE_KINDS,
  SIMULATE_AREAS,
  SIMULATE_KINDS,
  type ExamFilter,
  type SimulateKind,
} from '@gre/contracts';
import { Button, Checkbox, Form, InputNumber, Modal, Radio, Switch, Typography } from 'antd';
import { useState } from 'react';
import { zh } from '../../i18n/zh-CN';
import type { BankNames } from '../questions';
import { useCreateExam, subjectOfCategory, subjectOfSimulate } from './records-queries';

const r = zh.records;
const c = r.create;

export type SimulateQuota = { remaining: number | null; period: 'total' | 'week' | 'none' };

/** "本周还可模考 2 次" / "模考次数：不限"; a quota of zero says it is used up. */
export function quotaText({ remaining, period }: SimulateQuota): string {
  if (remaining === null || period === 'none') return r.simulate.quotaUnlimited;
  if (remaining <= 0) return r.simulate.quotaUsedUp;
  return r.simulate.quota(remaining, period);
}

/** The parts and the full time of a simulate kind, from the shared exam plan (never a second copy of the timings). */
function kindHint(kind: SimulateKind): string {
  const t = EXAM_TIMING_DEFAULTS;
  const seconds = SIMULATE_AREAS[kind].reduce(
    (sum, area) => sum + (area === 'issue' ? t.issue : area === 'verbal' ? t.verbal1 + t.verbal2 : t.quant1 + t.quant2),
    0,
  );
  return r.kindHint(
    SIMULATE_AREAS[kind].map((a) => r.areaNames[a] ?? a),
    r.duration(seconds),
  );
}

interface ClockValues {
  enable_count_up: boolean;
  is_auto_commit: boolean;
}

/** Count-up practice has no time to run out, so auto-submit only applies to a timed exam. */
function ClockFields() {
  const form = Form.useFormInstance<ClockValues>();
  const countUp = Form.useWatch('enable_count_up', form);
  return (
    <>
      <Form.Item name="enable_count_up" label={c.countUp} valuePropName="checked" extra={c.countUpHint}>
        <Switch />
      </Form.Item>
      <Form.Item name="is_auto_commit" label={c.autoCommit} valuePropName="checked" extra={c.autoCommitHint}>
        <Switch disabled={countUp === true} />
      </Form.Item>
    </>
  );
}

const clockDefaults: ClockValues = { enable_count_up: false, is_auto_commit: true };

/** Spec §9 simulate kinds with the clock options; creating opens the exam screen. */
export function SimulateDialog({
  mock,
  quota,
  onClose,
}: {
  mock: { book_id: string; title: string };
  quota: SimulateQuota;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ClockValues & { select_kind: SimulateKind }>();
  const create = useCreateExam(onClose);
  const submit = (v: ClockValues & { select_kind: SimulateKind }) =>
    create.mutate({
      request: {
        source: 'simulate',
        version: mock.book_id,
        select_kind: v.select_kind,
        enable_count_up: v.enable_count_up,
        is_auto_commit: v.enable_count_up ? false : v.is_auto_commit,
      },
      subject: subjectOfSimulate(v.select_kind),
    });
  return (
    <Modal
      open
      title={c.simulateTitle(mock.title)}
      onCancel={onClose}
      okText={c.start}
      cancelText={zh.common.cancel}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ select_kind: 'full', ...clockDefaults }} onFinish={submit}>
        <Form.Item name="select_kind" label={c.kind}>
          <Radio.Group className="gr-kinds">
            {SIMULATE_KINDS.map((k) => (
              <Radio key={k} value={k}>
                <span className="gr-kind-name">{r.simulateKinds[k]}</span>
                <Typography.Text type="secondary" className="gr-kind-hint">
                  {kindHint(k)}
                </Typography.Text>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <ClockFields />
      </Form>
      <Typography.Text type="secondary">{quotaText(quota)}</Typography.Text>
    </Modal>
  );
}

interface FilterValues extends ClockValues {
  count: number;
  include_done: boolean;
  with_issue: boolean;
  order: 'first' | 'random';
  math_create_kind: (typeof MATH_CREATE_KINDS)[number];
}

/** 组卷练习: up to FILTER_EXAM_MAX questions drawn from the big bank's current filter. */
export function FilterExamDialog({
  filter,
  description,
  onClose,
}: {
  filter: ExamFilter;
  description: string;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FilterValues>();
  const create = useCreateExam(onClose);
  const submit = (v: FilterValues) =>
    create.mutate({
      request: {
        source: 'filter',
        filter,
        count: v.count,
        include_done: v.include_done,
        pick_first: v.order === 'first',
        math_create_kind: filter.category === 3 ? v.math_create_kind : 'any',
        with_issue: filter.category !== 4 && v.with_issue,
        enable_count_up: v.enable_count_up,
        is_auto_commit: v.enable_count_up ? false : v.is_auto_commit,
      },
      subject: subjectOfCategory(filter.category ?? 0),
    });
  return (
    <Modal
      open
      title={c.filterTitle}
      onCancel={onClose}
      okText={c.start}
      cancelText={zh.common.cancel}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{c.filterIntro(description)}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          count: 10,
          include_done: false,
          with_issue: false,
          order: 'random',
          math_create_kind: 'any',
          ...clockDefaults,
        }}
        onFinish={submit}
      >
        <Form.Item
          name="count"
          label={c.count}
          rules={[{ required: true, type: 'integer', min: 1, max: FILTER_EXAM_MAX }]}
        >
          <InputNumber min={1} max={FILTER_EXAM_MAX} precision={0} suffix={c.countUnit} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="include_done" valuePropName="checked">
          <Checkbox>{c.includeDone}</Checkbox>
        </Form.Item>
        {filter.category !== 4 && (
          <Form.Item name="with_issue" valuePropName="checked">
            <Checkbox>{c.withIssue}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="order" label={c.order}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'random', label: c.orderRandom },
              { value: 'first', label: c.orderFirst },
            ]}
          />
        </Form.Item>
        {filter.category === 3 && (
          <Form.Item name="math_create_kind" label={c.mathKind}>
            <Radio.Group
              optionType="button"
              options={MATH_CREATE_KINDS.map((k) => ({ value: k, label: c.mathKinds[k] ?? k }))}
            />
          </Form.Item>
        )}
        <ClockFields />
      </Form>
    </Modal>
  );
}

/** The big bank's current filter in words, e.g. "数学，比较大小，困难". */
function describeFilter(filter: ExamFilter, names: BankNames): string {
  const parts = [
    names.category(filter.category ?? 0),
    filter.kind && names.kind(filter.kind),
    filter.difficulty && names.difficulty(filter.difficulty),
    filter.topic && names.group(filter.topic),
    filter.tag && `${zh.bank.big.tag} ${filter.tag}`,
  ];
  return parts.filter(Boolean).join('，');
}

/** The big bank's 组卷练习: the current filter (without its keyword, which a draw does not use) as an exam. */
export function FilterExamButton({
  filter,
  keyword,
  names,
  disabled,
}: {
  filter: ExamFilter;
  keyword: string | undefined;
  names: BankNames;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const description = describeFilter(filter, names);
  return (
    <>
      <Button icon={<FieldTimeOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        {c.filterButton}
      </Button>
      {open && (
        <FilterExamDialog
          filter={filter}
          description={keyword ? `${description}；${c.filterNoTag}` : description}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** The book drawer's 计时练习: the whole book as a timed exam on the exam screen. */
export function TimedPracticeButton({
  bookId,
  category,
  disabled,
}: {
  bookId: string;
  category: number | undefined;
  disabled: boolean;
}) {
  const create = useCreateExam();
  return (
    <Button
      icon={<FieldTimeOutlined />}
      disabled={disabled}
      loading={create.isPending}
      title={c.bookTimedHint}
      onClick={() =>
        create.mutate({
          request: { source: 'book', book_id: bookId },
          subject: category === undefined ? undefined : subjectOfCategory(category),
        })
      }
    >
      {c.bookTimed}
    </Button>
  );
}
