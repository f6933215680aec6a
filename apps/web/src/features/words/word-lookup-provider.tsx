import { useQuery } from '@tanstack/react-query';
import { Popover, theme, type TooltipRef } from 'antd';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { currentUserQuery } from '../../api/queries';
import { WORD_POPOVER_CLASS as POPOVER_CLASS } from '../../components/word-popover-class';
import { useToken } from '../auth';
import type { WordClickHandler } from '../questions';
import { WordEntryCard } from './word-entry-card';
import { wordInfosQuery } from './word-queries';

/** The word spans RichText renders in clickable mode: pressing another one re-opens instead of closing first. */
const WORD_SELECTOR = '.gq-words .gq-w';

interface Opened {
  /** Who clicked: after a logout or a switch of account, a popover left open is not shown to the next user. */
  userId: number;
  word: string;
  element: HTMLElement;
  /** The question the word was clicked in (its QuestionView's root), for the words met; null elsewhere. */
  questionId: string | null;
  /** A fresh popover (and position) for every click, even on the same word. */
  seq: number;
}

interface WordLookupApi {
  open(word: string, element: HTMLElement, questionId: string | null): void;
}

const WordLookupContext = createContext<WordLookupApi | null>(null);

/**
 * The logged-in user once app start has loaded it, without fetching it here: on /login or under the migration
 * notice this stays null and nothing is called.
 */
function useKnownUserId(): number | null {
  const token = useToken();
  const { data } = useQuery({ ...currentUserQuery, enabled: false });
  return token && data && !data.authority.is_freeze ? data.id : null;
}

/**
 * Click-a-word for the whole app: loads the learner's word infos once when the user is known (spec §4) and shows
 * one popover at a time at the clicked word. Mount once, inside the query client.
 */
export function WordLookupProvider({ children }: { children: ReactNode }) {
  const userId = useKnownUserId();
  // Spec §4: the word infos load once a session, as soon as the user is known; the popover reads the same cache.
  useQuery({ ...wordInfosQuery(userId ?? 0), enabled: userId !== null });
  const [opened, setOpened] = useState<Opened | null>(null);
  const seq = useRef(0);
  const close = useCallback(() => setOpened(null), []);
  const api = useMemo<WordLookupApi | null>(
    () =>
      userId === null
        ? null
        : {
            open: (word, element, questionId) =>
              setOpened({ userId, word, element, questionId, seq: (seq.current += 1) }),
          },
    [userId],
  );
  return (
    <WordLookupContext value={api}>
      {children}
      {opened && opened.userId === userId && (
        <WordPopover key={opened.seq} opened={opened} userId={userId} onClose={close} />
      )}
    </WordLookupContext>
  );
}

/** Where the word is, in document coordinates: the anchor lives in <body> so it scrolls with the page. */
function placeOf(el: HTMLElement) {
  const r = el.getBoundingClientRect();
  return {
    top: r.top + window.scrollY,
    left: r.left + window.scrollX,
    width: r.width,
    height: r.height,
    visible: r.bottom > 0 && r.top < window.innerHeight,
  };
}

/** Whether any of the word still shows inside the pane that scrolled. */
function overlaps(word: Element, pane: Element): boolean {
  const w = word.getBoundingClientRect();
  const p = pane.getBoundingClientRect();
  return w.bottom > p.top && w.top < p.bottom && w.right > p.left && w.left < p.right;
}

/** A popover anchored at the clicked word; closes on Esc and on a press outside it (another word re-opens). */
function WordPopover({ opened, userId, onClose }: { opened: Opened; userId: number; onClose: () => void }) {
  const [place, setPlace] = useState(() => placeOf(opened.element));
  const popover = useRef<TooltipRef>(null);
  const { token } = theme.useToken();
  // The anchor moved (its container scrolled): the popup follows once the new position is on the page.
  useLayoutEffect(() => popover.current?.forceAlign(), [place]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Esc closes the topmost layer only: the dialog under the pop-up sees it handled (viewer-modal.tsx).
      e.preventDefault();
      onClose();
    };
    const onPress = (e: PointerEvent) => {
      const t = e.target instanceof Element ? e.target : null;
      if (!t?.closest(`.${POPOVER_CLASS}`) && !t?.closest(WORD_SELECTOR)) onClose();
    };
    // A passage pane scrolls on its own: follow the word inside it, and let go once it is scrolled out of view.
    let frame = 0;
    const onMove = (e: Event) => {
      if (e.target instanceof Element && e.target.closest(`.${POPOVER_CLASS}`)) return;
      cancelAnimationFrame(frame);
      const pane = e.target instanceof Element && e.target.contains(opened.element) ? e.target : null;
      frame = requestAnimationFrame(() => {
        const next = placeOf(opened.element);
        if (!opened.element.isConnected || !next.visible || (pane && !overlaps(opened.element, pane))) return onClose();
        setPlace(next);
      });
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress, true);
    document.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress, true);
      document.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [opened.element, onClose]);
  return createPortal(
    <Popover
      ref={popover}
      open
      trigger={[]}
      placement="bottom"
      content={<WordEntryCard word={opened.word} questionId={opened.questionId} userId={userId} onClose={onClose} />}
      classNames={{ root: POPOVER_CLASS }}
      // Pushed against the screen edge (a word near the margin of a phone), the card still keeps a gap to it.
      styles={{ root: { paddingInline: token.paddingXS } }}
      destroyOnHidden
    >
      <span
        aria-hidden
        style={{
          position: 'absolute',
          top: place.top,
          left: place.left,
          width: place.width,
          height: place.height,
          pointerEvents: 'none',
        }}
      />
    </Popover>,
    document.body,
  );
}

/**
 * The `onWordClick` for QuestionView / RichText: opens the word popover at the clicked word. The click goes no
 * further, so looking up a word inside an answer choice does not also choose it. Undefined (words not clickable)
 * outside the provider or before the user is known.
 */
export function useWordClick(): WordClickHandler | undefined {
  const api = useContext(WordLookupContext);
  return useMemo<WordClickHandler | undefined>(
    () =>
      api
        ? (word, event) => {
            event.stopPropagation();
            const target = event.target instanceof Element ? event.target.closest<HTMLElement>('.gq-w') : null;
            const anchor = target ?? event.currentTarget;
            api.open(word, anchor, anchor.closest<HTMLElement>('[data-question-id]')?.dataset.questionId ?? null);
          }
        : undefined,
    [api],
  );
}
