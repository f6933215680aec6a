import { CheckOutlined, DeleteOutlined, FileSearchOutlined, MehOutlined } from '@ant-design/icons';
import type { WordDetail, WordExample } from '@gre/contracts';
import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { zh } from '../../i18n/zh-CN';
import type { WordClickHandler } from '../questions';
import { PronounceButton } from './pronounce';
import { MarkedSentence } from './word-sentence';

const b = zh.words.book;
const c = zh.words;

/** A related word: a button that opens the look-up popover at it, or a plain chip where words are not clickable. */
function WordChip({ word, onWordClick, prefix }: { word: string; onWordClick?: WordClickHandler; prefix?: string }) {
  const text = prefix ? (
    <>
      <span className="gw-chip-kind">{prefix}</span> <span lang="en">{word}</span>
    </>
  ) : (
    <span lang="en">{word}</span>
  );
  if (!onWordClick) return <Tag className="gw-chip-plain">{text}</Tag>;
  return (
    <button type="button" className="gw-chip" onClick={(e) => onWordClick(word, e)}>
      {text}
    </button>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="gw-section" aria-label={title}>
      <Typography.Text type="secondary" className="gw-section-title">
        {title}
      </Typography.Text>
      {children}
    </section>
  );
}

function Chips({ words, onWordClick }: { words: string[]; onWordClick?: WordClickHandler }) {
  return (
    <div className="gw-chips">
      {words.map((w) => (
        <WordChip key={w} word={w} onWordClick={onWordClick} />
      ))}
    </div>
  );
}

export interface WordDetailActions {
  onWordClick?: WordClickHandler;
  speak: ((text: string) => void) | null;
  onMarkSimple: (word: WordDetail) => void;
  onRemove: (word: WordDetail) => void;
  onOpenExample: (word: WordDetail, example: WordExample) => void;
  /** The word whose mark is on its way. */
  marking: string | null;
  /** The word whose removal is on its way. */
  removing: string | null;
}

/**
 * One word of a book: headword, phonetic and pronunciation, the GRE senses before the others, English definitions,
 * forms, synonyms and antonyms (each opens the look-up popover), the bank's sentences with the word marked and a way
 * to their question, then '太简单' and '移除'.
 */
export function WordDetailItem({ word, actions }: { word: WordDetail; actions: WordDetailActions }) {
  const { onWordClick, speak } = actions;
  return (
    <article className="gw-word" aria-label={word.word}>
      <div className="gw-word-head">
        <Typography.Title level={4} lang="en" className="gw-headword">
          {word.word}
        </Typography.Title>
        {word.phonetic && (
          <Typography.Text type="secondary" lang="en">
            /{word.phonetic}/
          </Typography.Text>
        )}
        <PronounceButton word={word.word} speak={speak} />
        {word.band !== null && <Tag color="blue">{b.band(word.band)}</Tag>}
        {word.mastered && (
          <Tag color="success" icon={<CheckOutlined />}>
            {b.mastered}
          </Tag>
        )}
        {word.simple && <Tag icon={<MehOutlined />}>{b.simpleTag}</Tag>}
      </div>
      {(word.gre_senses.length > 0 || word.senses.length > 0) && (
        <Section title={b.senses}>
          <ul className="gw-senses">
            {word.gre_senses.map((s, i) => (
              <li key={`g${i}`}>
                <Tag color="gold" variant="outlined">
                  {c.greSense}
                </Tag>
                {s}
              </li>
            ))}
            {word.senses.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ul>
        </Section>
      )}
      {word.definition.length > 0 && (
        <Section title={b.definition}>
          <ul className="gw-senses" lang="en">
            {word.definition.map((d, i) => (
              <li key={i}>{d}</li>
            ))}
          </ul>
        </Section>
      )}
      {word.forms.length > 0 && (
        <Section title={b.forms}>
          <div className="gw-chips">
            {word.forms.map((f) => (
              <WordChip
                key={`${f.kind}:${f.word}`}
                word={f.word}
                prefix={b.formKinds[f.kind] ?? f.kind}
                onWordClick={onWordClick}
              />
            ))}
          </div>
        </Section>
      )}
      {word.synonyms.length > 0 && (
        <Section title={b.synonyms}>
          <Chips words={word.synonyms} onWordClick={onWordClick} />
        </Section>
      )}
      {word.antonyms.length > 0 && (
        <Section title={b.antonyms}>
          <Chips words={word.antonyms} onWordClick={onWordClick} />
        </Section>
      )}
      {word.examples.length > 0 && (
        <Section title={b.examples}>
          <ol className="gw-examples">
            {word.examples.map((ex, i) => (
              <li key={`${ex.question_id}:${i}`}>
                <span className="gw-sentence">
                  <MarkedSentence sentence={ex.sentence} range={ex.highlight} />
                </span>{' '}
                <Button
                  type="link"
                  size="small"
                  icon={<FileSearchOutlined />}
                  aria-label={b.openQuestionOf(word.word, i + 1)}
                  onClick={() => actions.onOpenExample(word, ex)}
                >
                  {b.openQuestion}
                </Button>
              </li>
            ))}
          </ol>
        </Section>
      )}
      <Space wrap size={[8, 8]} className="gw-word-actions">
        <Button
          aria-pressed={word.simple}
          icon={<MehOutlined />}
          loading={actions.marking === word.word}
          onClick={() => actions.onMarkSimple(word)}
        >
          {word.simple ? b.unmarkSimple : b.markSimple}
        </Button>
        <Popconfirm
          title={b.removeConfirm(word.word)}
          okText={b.remove}
          okButtonProps={{ danger: true }}
          cancelText={zh.common.cancel}
          onConfirm={() => actions.onRemove(word)}
        >
          <Button
            danger
            type="text"
            icon={<DeleteOutlined />}
            aria-label={b.removeOf(word.word)}
            loading={actions.removing === word.word}
          >
            {b.remove}
          </Button>
        </Popconfirm>
      </Space>
    </article>
  );
}
