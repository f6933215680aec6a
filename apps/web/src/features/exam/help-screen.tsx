import { zh } from '../../i18n/zh-CN.study';
import type { BarActions } from './exam-bar';
import { ExamDialog } from './exam-dialog';

const h = zh.ets.helpScreen;

/** The bar's buttons in its order, with the action that shows each. */
const TOOLS = [
  ['calculator', 'onCalculator'],
  ['exit', 'onExit'],
  ['review', 'onReview'],
  ['mark', 'onMark'],
  ['help', 'onHelp'],
  ['back', 'onBack'],
  ['next', 'onNext'],
] as const;

/**
 * The ETS mode's Help, like the test's own: what each button on screen does and how the clock runs. It lists only the
 * buttons the current section has (no Mark or Review in the writing section). The clock keeps running behind it.
 */
export function HelpScreen({
  actions,
  timed,
  writing,
  onClose,
}: {
  actions: BarActions;
  timed: boolean;
  writing: boolean;
  onClose: () => void;
}) {
  const bar = zh.ets.bar;
  return (
    <ExamDialog
      title={h.title}
      onClose={onClose}
      wide
      lang="en"
      actions={
        <button type="button" className="ge-button is-primary" onClick={onClose} data-autofocus>
          {h.close}
        </button>
      }
    >
      <div className="ge-help">
        <h3 className="ge-h3">{h.toolsTitle}</h3>
        <dl className="ge-help-tools">
          {TOOLS.filter(([, action]) => actions[action]).map(([key]) => (
            <div key={key}>
              <dt>{key === 'help' ? zh.ets.help : bar[key]}</dt>
              <dd>{h.tools[key]}</dd>
            </div>
          ))}
          <div>
            <dt>
              {bar.hideTime} / {bar.showTime}
            </dt>
            <dd>{h.time}</dd>
          </div>
        </dl>
        {timed && (
          <>
            <h3 className="ge-h3">{h.timerTitle}</h3>
            {h.timer.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </>
        )}
        {writing && (
          <>
            <h3 className="ge-h3">{h.writingTitle}</h3>
            <p>{h.writing}</p>
          </>
        )}
      </div>
    </ExamDialog>
  );
}
