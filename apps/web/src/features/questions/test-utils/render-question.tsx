import type { Answer, QuestionView as QuestionData } from '@gre/contracts';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { createRef, useState } from 'react';
import { vi } from 'vitest';
import { emptyAnswer } from '../answer-utils';
import { QuestionView, type QuestionViewHandle, type QuestionViewProps } from '../question-view';

type Options = Partial<Omit<QuestionViewProps, 'question' | 'answer' | 'onAnswer'>> & { initial?: Answer };

/**
 * Renders a question the way a page does — the page owns the answer and feeds every change back in — and records
 * each Answer the renderer reports.
 */
export function renderQuestion(question: QuestionData, { initial, mode = 'answer', ...rest }: Options = {}) {
  const onAnswer = vi.fn<(a: Answer) => void>();
  const handle = createRef<QuestionViewHandle>();
  function Host() {
    const [answer, setAnswer] = useState<Answer>(initial ?? emptyAnswer());
    return (
      <QuestionView
        ref={handle}
        question={question}
        answer={answer}
        mode={mode}
        onAnswer={(a) => {
          onAnswer(a);
          setAnswer(a);
        }}
        {...rest}
      />
    );
  }
  const utils = render(
    <App>
      <Host />
    </App>,
  );
  const last = (): Answer => {
    const call = onAnswer.mock.lastCall;
    if (!call) throw new Error('onAnswer was not called');
    return call[0];
  };
  return { ...utils, user: userEvent.setup(), onAnswer, last, handle };
}
