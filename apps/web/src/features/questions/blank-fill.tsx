import { CheckCircleFilled, CloseCircleFilled } from './mark-icons';
import { zh } from '../../i18n/zh-CN.study';
import { chooseBlank } from './answer-utils';
import { OptionList } from './option-list';
import type { RendererProps } from './renderer-props';
import { RichText } from './rich-text';

const c = zh.questions;

const roman = (i: number) => c.roman[i] ?? String(i + 1);

/** A blank in the stem: its number, then the word chosen for it (marked right or wrong in review). */
function BlankBox({ index, word, verdict }: { index: number; word: string; verdict: 'right' | 'wrong' | null }) {
  const r = roman(index);
  return (
    <span
      className={`gq-blank-box${word ? ' is-filled' : ''}${verdict ? ` is-${verdict}` : ''}`}
      aria-label={`${c.blankBox(r)}：${word || c.blankEmpty}`}
    >
      <span className="gq-blank-roman" aria-hidden>
        ({r})
      </span>
      {word && (
        <span className="gq-blank-word" aria-hidden lang="en">
          {word}
        </span>
      )}
      {verdict === 'right' && <CheckCircleFilled />}
      {verdict === 'wrong' && <CloseCircleFilled />}
    </span>
  );
}

/**
 * Text completion with one, two or three blanks: the stem shows each blank as a numbered box holding the chosen
 * word, and below it one column of choices per blank under "Blank (i)", "Blank (ii)", "Blank (iii)".
 */
export function BoxFillInput({ question, answer, change, readOnly, review, standard, onWordClick }: RendererProps) {
  const groups = question.input_method.option_groups;
  const wordOf = (g: number) => groups[g]?.options.find((o) => o.key === answer.selects[g])?.text ?? '';
  const verdictOf = (g: number): 'right' | 'wrong' | null => {
    if (!review || !standard || !answer.selects[g]) return null;
    return standard.selects[g] === answer.selects[g] ? 'right' : 'wrong';
  };
  return (
    <>
      <RichText
        text={question.inquiry}
        lang="en"
        className="gq-stem"
        onWordClick={onWordClick}
        renderBlank={(n) => <BlankBox index={n - 1} word={wordOf(n - 1)} verdict={verdictOf(n - 1)} />}
      />
      <div className={`gq-columns is-${groups.length}`}>
        {groups.map((g, i) => (
          <div key={i} className="gq-column">
            <div className="gq-column-head" aria-hidden>
              {c.blankHeader(roman(i))}
            </div>
            <OptionList
              options={g.options}
              chosen={answer.selects[i] ? [answer.selects[i]] : []}
              correct={standard ? (standard.selects[i] ? [standard.selects[i]] : []) : null}
              multiple={false}
              onPick={(key) => change(chooseBlank(answer, i, key, groups.length))}
              readOnly={readOnly}
              review={review}
              label={c.blankHeader(roman(i))}
              variant="cell"
              onWordClick={onWordClick}
            />
          </div>
        ))}
      </div>
    </>
  );
}
