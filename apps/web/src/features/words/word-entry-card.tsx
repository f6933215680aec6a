import { CheckOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { wordCalls, type WordLookup } from '@gre/contracts';
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

/** The click-a-word popover's body: the entry, or a loading, not-found or failed line, and "加入生词本". */
export function WordEntryCard({ word, userId, onClose }: { word: string; userId: number; onClose: () => void }) {
  const { token } = theme.useToken();
  // ui.md: touch targets of at least 44 px at phone width.
  const size = useIsPhone() ? 'large' : 'small';
  const lookup = useQuery(wordLookupQuery(word));
  const entry = lookup.data;
  const styles: Record<string, CSSProperties> = {
    root: { width: WORD_CARD_WIDTH, maxHeight: 'min(60vh, 420px)', overflowY: 'auto', fontSize: token.fontSize },
    head: {
      display: 'flex',
      alignItems: 'baseline',
      gap: token.marginXS,
      paddingRight: size === 'large' ? token.controlHeightLG : token.controlHeightSM,
      flexWrap: 'wrap',
    },
    headword: {
      fontFamily: READING_FONT_STACK,
      fontSize: token.fontSizeHeading4,
      fontWeight: 600,
      lineHeight: 1.3,
      overflowWrap: 'anywhere',
    },
    muted: { color: token.colorTextSecondary, fontSize: token.fontSizeSM },
    senses: { margin: `${token.marginXS}px 0 0`, paddingLeft: token.paddingMD, lineHeight: 1.7 },
    close: { position: 'absolute', top: token.paddingXS, right: token.paddingXS },
  };
  let body;
  if (lookup.isPending) {
    body = <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 2 }} aria-label={c.loading} />;
  } else if (lookup.isError) {
    body = <Typography.Text type="secondary">{c.failed}</Typography.Text>;
  } else if (!entry) {
    body = <Typography.Text type="secondary">{c.notFound(word)}</Typography.Text>;
  } else {
    body = (
      <>
        <div style={styles.head}>
          <span lang="en" style={styles.headword}>
            {entry.headword}
          </span>
          {entry.phonetic && (
            <span lang="en" style={styles.muted}>
              /{entry.phonetic}/
            </span>
          )}
          {entry.gre && (
            <Tag color="blue" title={c.greHint} variant="outlined">
              {c.gre}
            </Tag>
          )}
        </div>
        {entry.form_of && (
          <div style={styles.muted}>
            {c.formOf(word, entry.headword)}
            {c.formKinds[entry.form_of] ? `（${c.formKinds[entry.form_of]}）` : ''}
          </div>
        )}
        {entry.translation.length > 0 ? (
          <ul style={styles.senses}>
            {entry.translation.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ul>
        ) : (
          <Typography.Paragraph type="secondary">{c.noSenses}</Typography.Paragraph>
        )}
        <AddToBook entry={entry} userId={userId} large={size === 'large'} />
      </>
    );
  }
  return (
    <div role="dialog" aria-label={c.popoverLabel(word)} style={styles.root}>
      <Button
        type="text"
        size={size}
        icon={<CloseOutlined />}
        aria-label={c.close}
        onClick={onClose}
        style={styles.close}
      />
      {body}
    </div>
  );
}

/** "加入生词本" into the default book, or "已在生词本" when any of the learner's books holds the headword. */
function AddToBook({ entry, userId, large }: { entry: WordLookup; userId: number; large: boolean }) {
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
          size={large ? 'large' : 'middle'}
          icon={<PlusOutlined />}
          loading={add.isPending || infos.isPending}
          onClick={() => add.mutate()}
        >
          {c.add}
        </Button>
      )}
    </div>
  );
}
