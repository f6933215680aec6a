import { CheckCircleFilled, CloseCircleFilled, SoundOutlined } from '@ant-design/icons';
import { nextStage, type FlashCardData, type FlashRuntime } from '@gre/contracts';
import { Button, Input, Typography } from 'antd';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flashCopy } from '../../i18n/zh-CN.flash';

const t = flashCopy.card;

/** The server's word on a choice: the runtime with its outcome and, for a quiz or a recall, the right answer. */
export interface Feedback {
  runtime: FlashRuntime;
  answer: number | string | null;
}

/** The word as the front of a card: the word, its phonetic and, where an English voice exists, a pronounce button. */
export function CardFace({ card, speak }: { card: FlashCardData; speak: ((text: string) => void) | null }) {
  return (
    <div className="gr-flash-face">
      <div className="gr-flash-word" lang="en">
        {card.word}
      </div>
      <div className="gr-flash-phonetic">
        {card.phonetic && <span lang="en">{card.phonetic}</span>}
        {speak && (
          <Button
            type="text"
            shape="circle"
            icon={<SoundOutlined />}
            aria-label={t.pronounceLabel(card.word)}
            title={t.pronounce}
            onClick={() => speak(card.word)}
          />
        )}
      </div>
    </div>
  );
}

/** The back of a card: the Chinese senses (the GRE sense first) and the English definition. */
export function Meanings({ card }: { card: FlashCardData }) {
  return (
    <div className="gr-flash-meanings">
      {card.senses.length > 0 ? (
        <ul className="gr-flash-senses">
          {/* Each sense carries its own part of speech ('a. …', 'v. …'), as the dictionary writes it. */}
          {card.senses.map((s, i) => (
            <li key={i}>{s}</li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">{t.noSenses}</Typography.Text>
      )}
      {card.definition.length > 0 && (
        <ul className="gr-flash-definition" lang="en">
          {card.definition.map((d, i) => (
            <li key={i}>{d}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Right or wrong, said in words and with an icon (colour is never the only signal). */
function Verdict({ pass, answer }: { pass: boolean; answer: string | null }) {
  return (
    <div className={`gr-flash-verdict ${pass ? 'is-right' : 'is-wrong'}`} role="status">
      {pass ? <CheckCircleFilled aria-hidden /> : <CloseCircleFilled aria-hidden />}
      <span>{pass ? t.right : t.wrong}</span>
      {!pass && answer && <span className="gr-flash-answer">{t.rightAnswer(answer)}</span>}
    </div>
  );
}

/** Where a flip sends the card next round. */
function FlipVerdict({ runtime }: { runtime: FlashRuntime }) {
  const pass = runtime.outcome === 'pass';
  const to = nextStage(runtime.stage, pass ? 'pass' : 'miss');
  return (
    <div className="gr-flash-verdict" role="status">
      <strong>{pass ? t.knew : t.didntKnow}</strong>
      <span className="gr-flash-answer">{to === 'Learn' ? t.stays : t.moveTo(flashCopy.stages[to])}</span>
    </div>
  );
}

/** NotSeen / Learn: the front; 'flip' shows the back, then 认识 / 不认识. */
export function FlipStep({
  card,
  revealed,
  feedback,
  pending,
  onFlip,
  onChoose,
}: {
  card: FlashCardData;
  revealed: boolean;
  feedback: Feedback | null;
  pending: boolean;
  onFlip: () => void;
  onChoose: (know: boolean) => void;
}) {
  if (!revealed && !feedback)
    return (
      <div className="gr-flash-actions">
        <Button size="large" type="primary" block onClick={onFlip}>
          {t.flip}
        </Button>
        <Typography.Text type="secondary" className="gr-flash-keys">
          {t.flipHint}
        </Typography.Text>
      </div>
    );
  return (
    <>
      <Meanings card={card} />
      {feedback ? (
        <FlipVerdict runtime={feedback.runtime} />
      ) : (
        <div className="gr-flash-actions">
          <div className="gr-flash-pair">
            <Button size="large" type="primary" block disabled={pending} onClick={() => onChoose(true)}>
              {t.know}
            </Button>
            <Button size="large" block disabled={pending} onClick={() => onChoose(false)}>
              {t.dontKnow}
            </Button>
          </div>
          <Typography.Text type="secondary" className="gr-flash-keys">
            {t.flipKeys}
          </Typography.Text>
        </div>
      )}
    </>
  );
}

/** Quiz: four Chinese meanings, one of them the word's; after the choice the right one is marked. */
export function QuizStep({
  card,
  feedback,
  pending,
  onChoose,
}: {
  card: FlashCardData;
  feedback: Feedback | null;
  pending: boolean;
  onChoose: (option: number) => void;
}) {
  const options = card.quiz_options ?? [];
  const chosen = feedback?.runtime.choice?.step === 'quiz' ? feedback.runtime.choice.option : null;
  const right = typeof feedback?.answer === 'number' ? feedback.answer : null;
  return (
    <>
      <Typography.Text type="secondary">{t.quizPrompt}</Typography.Text>
      <div className="gr-flash-options" role="group" aria-label={t.quizPrompt}>
        {options.map((text, i) => {
          const mark = feedback ? (i === right ? 'is-right' : i === chosen ? 'is-wrong' : '') : '';
          // Plain buttons: antd's disabled look would hide the right / wrong marks once the choice is made.
          return (
            <button
              key={i}
              type="button"
              className={`gr-flash-option ${mark}`}
              disabled={pending || feedback !== null}
              aria-pressed={chosen === i}
              aria-label={`${t.option(i + 1)}：${text}`}
              onClick={() => onChoose(i)}
            >
              <span className="gr-flash-option-key" aria-hidden>
                {i + 1}
              </span>
              <span className="gr-flash-option-text">{text}</span>
              {mark === 'is-right' && <CheckCircleFilled aria-hidden />}
              {mark === 'is-wrong' && <CloseCircleFilled aria-hidden />}
            </button>
          );
        })}
      </div>
      {feedback ? (
        <Verdict pass={feedback.runtime.outcome === 'pass'} answer={right !== null ? (options[right] ?? null) : null} />
      ) : (
        <Typography.Text type="secondary" className="gr-flash-keys">
          {t.quizKeys}
        </Typography.Text>
      )}
    </>
  );
}

/** Exam: the recall prompt (a definition, or a bank sentence with the word blanked) and its hint; type the word. */
export function ExamStep({
  card,
  feedback,
  pending,
  onSubmit,
}: {
  card: FlashCardData;
  feedback: Feedback | null;
  pending: boolean;
  onSubmit: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const recall = card.recall;
  const typed = feedback?.runtime.choice?.step === 'exam' ? feedback.runtime.choice.text : text;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() && !pending && !feedback) onSubmit(text.trim());
  };
  return (
    <>
      <Typography.Text type="secondary">{t.examPrompt[recall?.mode ?? 'definition']}</Typography.Text>
      <p className="gr-flash-prompt" lang="en">
        {recall?.prompt ?? card.definition[0] ?? ''}
      </p>
      {recall?.hint && (
        <Typography.Text type="secondary" className="gr-flash-hint-line">
          {t.hint(recall.hint)}
        </Typography.Text>
      )}
      <form className="gr-flash-recall" onSubmit={submit}>
        <Input
          ref={(el) => {
            input.current = el?.input ?? null;
          }}
          size="large"
          lang="en"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-label={t.answerLabel}
          value={typed}
          readOnly={feedback !== null}
          onChange={(e) => setText(e.target.value)}
          maxLength={64}
        />
        {!feedback && (
          <Button size="large" type="primary" htmlType="submit" disabled={!text.trim()} loading={pending}>
            {t.submit}
          </Button>
        )}
      </form>
      {feedback && (
        <>
          <Verdict
            pass={feedback.runtime.outcome === 'pass'}
            answer={typeof feedback.answer === 'string' ? feedback.answer : card.word}
          />
          <Meanings card={card} />
        </>
      )}
    </>
  );
}
