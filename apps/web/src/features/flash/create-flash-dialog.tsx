import {
  CARD_TAGS,
  FLASH_DECK_MAX,
  FLASH_SOURCE_NAMES,
  FLASH_SOURCES,
  GRE_BANDS,
  sourceOfRangeKind,
  type FlashCreateRequest,
  type FlashSource,
} from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, InputNumber, Modal, Radio, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { flashCopy } from '../../i18n/zh-CN.flash';
import { closeDialog, openPay } from '../../state/ui';
import { useCurrentUser } from '../auth';
import { wordInfosQuery } from '../words';
import { checkCreateQuery, useCreateFlash, type CheckCreate } from './flash-queries';
import './flash.css';
import { useDebounced } from './use-debounced';

const c = flashCopy.create;
const DEFAULT_LIMIT = 20;
const CHECK_DELAY_MS = 300;
const TAG_SCOPES = ['', ...Object.keys(CARD_TAGS)];
const BANDS = Array.from({ length: GRE_BANDS }, (_, i) => String(i + 1));

/** The scope a source starts from: the one it was opened with when that source, else its first sensible choice. */
function firstScope(source: FlashSource, preset: { source: FlashSource; scope: string }, bookIds: string[]): string {
  if (source === preset.source && preset.scope) return preset.scope;
  if (source === 'gre_band') return '1';
  if (source === 'word_book') return bookIds[0] ?? '';
  return '';
}

/** A word book deck needs a book; every other source has a valid scope once chosen. */
function isComplete(req: FlashCreateRequest): boolean {
  return req.range_kind !== FLASH_SOURCES.word_book || req.scope !== '';
}

/**
 * Spec §2 create-flash dialog, opened by `openCreateFlash(range_kind, scope)`: the source and its scope, how many cards
 * at most, three exclusions, and what the deck would hold and cost (asked live, debounced). Creating takes the coins
 * and opens the deck; too few coins opens the pay-flash dialog instead, which leads to the flash-quota purchase.
 */
export function CreateFlashBody({ rangeKind, scope: presetScope }: { rangeKind: number; scope: string }) {
  const user = useCurrentUser();
  const presetSource = sourceOfRangeKind(rangeKind) ?? 'pick';
  const [source, setSource] = useState<FlashSource>(presetSource);
  const [chosenScope, setScope] = useState(presetSource === 'gre_band' && !presetScope ? '1' : presetScope);
  const [limit, setLimit] = useState(DEFAULT_LIMIT);
  const [excludes, setExcludes] = useState({ exclude_used: false, exclude_correct: false, exclude_flashed: false });
  const [payOpen, setPayOpen] = useState(false);

  const books = useQuery({ ...wordInfosQuery(user?.id ?? 0), enabled: user !== null && source === 'word_book' });
  const bookIds = (books.data?.books ?? []).map((b) => String(b.id));
  // A word-book deck opened without a book takes the learner's first one once the books are known.
  const scope = source === 'word_book' && chosenScope === '' ? (bookIds[0] ?? '') : chosenScope;

  const request: FlashCreateRequest = { range_kind: FLASH_SOURCES[source], scope, limit, ...excludes };
  const debounced = useDebounced(request, CHECK_DELAY_MS);
  const check = useQuery({ ...checkCreateQuery(debounced), enabled: user !== null && isComplete(debounced) });
  const create = useCreateFlash(closeDialog);

  const settled = JSON.stringify(debounced) === JSON.stringify(request) && !check.isPlaceholderData;
  const figures = check.data;
  const canCreate = settled && isComplete(request) && figures !== undefined && figures.card_count > 0;

  const pickSource = (next: FlashSource) => {
    setSource(next);
    setScope(firstScope(next, { source: presetSource, scope: presetScope }, bookIds));
  };
  const submit = () => {
    if (!figures) return;
    if (!figures.fits) setPayOpen(true);
    else create.mutate(request);
  };

  return (
    <div className="gr-flash-create">
      <Form layout="vertical" component="div">
        <Form.Item label={c.source} htmlFor="gr-flash-source">
          <Select
            id="gr-flash-source"
            value={source}
            onChange={pickSource}
            options={FLASH_SOURCE_NAMES.map((s) => ({ value: s, label: c.sources[s] }))}
          />
        </Form.Item>
        <ScopeField source={source} scope={scope} onChange={setScope} books={books.data?.books} />
        <Form.Item label={c.limit} htmlFor="gr-flash-limit">
          <InputNumber
            id="gr-flash-limit"
            min={1}
            max={FLASH_DECK_MAX}
            precision={0}
            value={limit}
            suffix={c.limitUnit}
            // An emptied field keeps the last number until the learner types one.
            onChange={(v) => v !== null && setLimit(Math.min(FLASH_DECK_MAX, Math.max(1, Math.round(v))))}
            style={{ width: 160 }}
          />
        </Form.Item>
        {(['exclude_used', 'exclude_correct', 'exclude_flashed'] as const).map((key) => (
          <ExcludeSwitch
            key={key}
            name={key}
            checked={excludes[key]}
            onChange={(v) => setExcludes((e) => ({ ...e, [key]: v }))}
          />
        ))}
      </Form>
      <CheckLine
        review={source === 'review'}
        figures={figures}
        loading={!settled || check.isFetching}
        failed={check.isError}
      />
      <div className="gr-flash-footer">
        <Button onClick={closeDialog}>{c.cancel}</Button>
        <Button type="primary" disabled={!canCreate} loading={create.isPending} onClick={submit}>
          {c.submit}
        </Button>
      </div>
      {figures && <PayFlashDialog open={payOpen} figures={figures} onClose={() => setPayOpen(false)} />}
    </div>
  );
}

const EXCLUDE_COPY = {
  exclude_used: [c.excludeUsed, c.excludeUsedHint],
  exclude_correct: [c.excludeCorrect, c.excludeCorrectHint],
  exclude_flashed: [c.excludeFlashed, c.excludeFlashedHint],
} as const;

function ExcludeSwitch({
  name,
  checked,
  onChange,
}: {
  name: keyof typeof EXCLUDE_COPY;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  const [label, hint] = EXCLUDE_COPY[name];
  return (
    <div className="gr-flash-exclude">
      <Switch
        id={`gr-flash-${name}`}
        checked={checked}
        onChange={onChange}
        aria-describedby={`gr-flash-${name}-hint`}
      />
      <div>
        <label htmlFor={`gr-flash-${name}`}>{label}</label>
        <Typography.Text type="secondary" id={`gr-flash-${name}-hint`} className="gr-flash-hint">
          {hint}
        </Typography.Text>
      </div>
    </div>
  );
}

/** The source's second choice: which word book, which frequency band, which collected cards. */
function ScopeField({
  source,
  scope,
  onChange,
  books,
}: {
  source: FlashSource;
  scope: string;
  onChange: (scope: string) => void;
  books: { id: number; name: string; word_count: number }[] | undefined;
}) {
  if (source === 'word_book') {
    if (books && books.length === 0) return <Alert type="info" showIcon title={c.noBooks} className="gr-flash-gap" />;
    return (
      <Form.Item label={c.book} htmlFor="gr-flash-book">
        <Select
          id="gr-flash-book"
          value={scope || undefined}
          loading={!books}
          onChange={onChange}
          options={(books ?? []).map((b) => ({ value: String(b.id), label: `${b.name}（${b.word_count}）` }))}
        />
      </Form.Item>
    );
  }
  if (source === 'gre_band') {
    return (
      <Form.Item label={c.band} extra={c.bandHint}>
        <Radio.Group
          aria-label={c.band}
          optionType="button"
          value={scope}
          onChange={(e) => onChange(String(e.target.value))}
          options={BANDS.map((b) => ({ value: b, label: c.bandName(Number(b)) }))}
        />
      </Form.Item>
    );
  }
  if (source === 'collected') {
    return (
      <Form.Item label={c.tag}>
        <Radio.Group
          aria-label={c.tag}
          optionType="button"
          value={scope}
          onChange={(e) => onChange(String(e.target.value))}
          options={TAG_SCOPES.map((t) => ({ value: t, label: c.tags[t] ?? t }))}
        />
      </Form.Item>
    );
  }
  return null;
}

/** 词源 N 个，将生成 M 张卡，需要 M 题额度，当前剩余 K 题 — or why nothing can be made. */
function CheckLine({
  review,
  figures,
  loading,
  failed,
}: {
  review: boolean;
  figures: CheckCreate | undefined;
  loading: boolean;
  failed: boolean;
}) {
  if (failed && !loading) return <Alert type="error" showIcon title={c.checkFailed} className="gr-flash-gap" />;
  if (!figures) return <Typography.Paragraph type="secondary">{c.checking}</Typography.Paragraph>;
  const line = review
    ? c.reviewLine(figures.pool_count, figures.card_count)
    : c.checkLine(figures.pool_count, figures.card_count, figures.coins_needed, figures.coins);
  return (
    <div className="gr-flash-check" aria-live="polite" aria-busy={loading}>
      <Typography.Paragraph type={figures.fits ? undefined : 'warning'} className="gr-flash-check-line">
        {line}
      </Typography.Paragraph>
      {figures.card_count === 0 && !loading && <Alert type="info" showIcon title={c.empty} />}
    </div>
  );
}

/** Spec §2 pay-flash dialog: the deck needs more coins than the learner has; buying opens the flash-quota payment. */
function PayFlashDialog({ open, figures, onClose }: { open: boolean; figures: CheckCreate; onClose: () => void }) {
  const p = flashCopy.payFlash;
  return (
    <Modal
      open={open}
      title={p.title}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="reduce" onClick={onClose}>
          {p.reduce}
        </Button>,
        <Button key="buy" type="primary" onClick={() => openPay('FlashCoin')}>
          {p.buy}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{p.body(figures.coins_needed, figures.coins)}</Typography.Paragraph>
    </Modal>
  );
}
