import { CheckOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { wordCalls, type DictionaryEntry } from '@gre/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton, Tag, theme, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { call } from '../../api/client';
import { useIsPhone } from '../../components/use-is-phone';
import { zh } from '../../i18n/zh-CN.study';
import { READING_FONT_STACK } from '../../theme';
import { headwordsIn, wordInfosQuery, wordLookupQuery, withAddedWords } from './word-queries';

const c = zh.words;

/** Narrow enough for a 390 px phone with a margin either side, wide enough for a long Chinese sense on one line. */
export const WORD_CARD_WIDTH = 'min(320px, calc(100vw - 32px))';

/** An online dictionary for the words ours lacks; opened in a new tab, so the question stays where it was. */
const elsewhere = (word: string) => `https://dict.youdao.com/result?word=${encodeURIComponent(word)}&lang=en`;

/** The click-a-word popover's body: the entries (a compound's by part), or a loading, not-found or failed line. */
export function WordEntryCard({
  word,
  questionId = null,
  userId,
  onClose,
}: {
  word: string;
  questionId?: string | null;
  userId: number;
  onClose: () => void;
}) {
  const { token } = theme.useToken();
  // ui.md: touch targets of at least 44 px at phone width.
  const size = useIsPhone() ? 'large' : 'small';
  const lookup = useQuery(wordLookupQuery(word, questionId));
  const root: CSSProperties = {
    width: WORD_CARD_WIDTH,
    maxHeight: 'min(60vh, 420px)',
    overflowY: 'auto',
    fontSize: token.fontSize,
  };
  // The first line keeps clear of the close button in the corner.
  const clearOfClose = size === 'large' ? token.controlHeightLG : token.controlHeightSM;
  let body;
  if (lookup.isPending) {
    body = <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 2 }} aria-label={c.loading} />;
  } else if (lookup.isError) {
    body = <Typography.Text type="secondary">{c.failed}</Typography.Text>;
  } else if (!lookup.data.found) {
    body = (
      <div style={{ paddingRight: clearOfClose }}>
        <Typography.Text type="secondary">{c.notFound(word)}</Typography.Text>
        <div style={{ marginTop: token.marginXS }}>
          <Typography.Link href={elsewhere(lookup.data.query)} target="_blank" rel="noopener noreferrer">
            {c.searchElsewhere}
          </Typography.Link>
        </div>
      </div>
    );
  } else {
    const { entries, parts } = lookup.data;
    body = (
      <>
        {parts.length > 0 && (
          <div style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM, paddingRight: clearOfClose }}>
            {c.compound(word, parts)}
          </div>
        )}
        {entries.map((entry, i) => (
          <EntryBlock
            key={`${entry.word}:${entry.headword}`}
            entry={entry}
            userId={userId}
            large={size === 'large'}
            several={entries.length > 1}
            style={
              i === 0
                ? { paddingTop: parts.length > 0 ? token.paddingXS : 0 }
                : {
                    marginTop: token.marginSM,
                    paddingTop: token.paddingSM,
                    borderTop: `1px solid ${token.colorSplit}`,
                  }
            }
            headRoom={i === 0 && parts.length === 0 ? clearOfClose : 0}
          />
        ))}
      </>
    );
  }
  return (
    <div role="dialog" aria-label={c.popoverLabel(word)} style={root}>
      <Button
        type="text"
        size={size}
        icon={<CloseOutlined />}
        aria-label={c.close}
        onClick={onClose}
        style={{ position: 'absolute', top: token.paddingXS, right: token.paddingXS }}
      />
      {body}
    </div>
  );
}

/**
 * One entry: headword, phonetic and GRE mark, how the clicked word relates to it, then every sense — the GRE sense
 * first, ECDICT's in its order after it — and its own "加入生词本".
 */
function EntryBlock({
  entry,
  userId,
  large,
  several,
  style,
  headRoom,
}: {
  entry: DictionaryEntry;
  userId: number;
  large: boolean;
  several: boolean;
  style: CSSProperties;
  headRoom: number;
}) {
  const { token } = theme.useToken();
  const muted: CSSProperties = { color: token.colorTextSecondary, fontSize: token.fontSizeSM };
  const senses = [...entry.gre_senses, ...entry.translation];
  return (
    <section aria-label={entry.headword} style={style}>
      <div
        style={{
          display: 'flex',
          alignItems: 'baseline',
          gap: token.marginXS,
          paddingRight: headRoom,
          flexWrap: 'wrap',
        }}
      >
        <span
          lang="en"
          style={{
            fontFamily: READING_FONT_STACK,
            fontSize: token.fontSizeHeading4,
            fontWeight: 600,
            lineHeight: 1.3,
            overflowWrap: 'anywhere',
          }}
        >
          {entry.headword}
        </span>
        {entry.phonetic && (
          <span lang="en" style={muted}>
            /{entry.phonetic}/
          </span>
        )}
        {entry.gre && (
          <Tag color="blue" title={c.greHint} variant="outlined">
            {c.gre}
          </Tag>
        )}
      </div>
      {entry.relation && (
        <div style={muted}>{c.relation(entry.word, entry.headword, c.relations[entry.relation] ?? '')}</div>
      )}
      {senses.length > 0 ? (
        <ul style={{ margin: `${token.marginXS}px 0 0`, paddingLeft: token.paddingMD, lineHeight: 1.7 }}>
          {entry.gre_senses.map((s, i) => (
            <li key={`g${i}`}>
              <Tag color="gold" variant="outlined" style={{ marginInlineEnd: token.marginXXS }}>
                {c.greSense}
              </Tag>
              {s}
            </li>
          ))}
          {entry.translation.map((s, i) => (
            <li key={i}>{s}</li>
          ))}
        </ul>
      ) : (
        <Typography.Paragraph type="secondary">{c.noSenses}</Typography.Paragraph>
      )}
      <AddToBook entry={entry} userId={userId} large={large} named={several} />
    </section>
  );
}

/** "加入生词本" into the default book, or "已在生词本" when any of the learner's books holds the headword. */
function AddToBook({
  entry,
  userId,
  large,
  named,
}: {
  entry: DictionaryEntry;
  userId: number;
  large: boolean;
  /** Several entries on the card: the button names its headword. */
  named: boolean;
}) {
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const infos = useQuery(wordInfosQuery(userId));
  const add = useMutation({
    mutationFn: () => call(wordCalls.addWords, { words: [entry.headword] }, { quiet: true }),
    onSuccess: (res) => {
      const key = wordInfosQuery(userId).queryKey;
      if (queryClient.getQueryData(key)) queryClient.setQueryData(key, (old) => (old ? withAddedWords(old, res) : old));
      else void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const inBook = headwordsIn(infos.data).has(entry.headword) || (add.data?.words.includes(entry.headword) ?? false);
  return (
    <div style={{ marginTop: token.marginSM }}>
      {inBook ? (
        <Tag
          icon={<CheckOutlined />}
          color="success"
          variant="outlined"
          style={{ fontSize: token.fontSize, padding: `${token.paddingXXS}px ${token.paddingXS}px` }}
        >
          {c.inBook}
        </Tag>
      ) : (
        <Button
          type="primary"
          size={large ? 'large' : named ? 'small' : 'middle'}
          icon={<PlusOutlined />}
          aria-label={named ? c.addWord(entry.headword) : undefined}
          loading={add.isPending || infos.isPending}
          onClick={() => add.mutate()}
        >
          {c.add}
        </Button>
      )}
    </div>
  );
}
