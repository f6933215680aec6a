import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { theme } from '../../theme';
import { QuestionView, type QuestionViewProps } from '../questions';
import { useWordClick, WordLookupProvider } from '../words';

type ReviewProps = Omit<QuestionViewProps, 'onWordClick'>;

function WithWordClick(props: ReviewProps) {
  const onWordClick = useWordClick();
  return <QuestionView {...props} onWordClick={onWordClick} />;
}

/**
 * A reviewed question of the exam result with click-a-word, as the bank's practice viewer has it. The exam screen
 * renders without antd and without the app's word provider, so this arrives on demand with its own antd context and
 * provider (like the craft bar beside it); the popover goes when the review closes.
 */
export default function ReviewQuestionWords(props: ReviewProps) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <WordLookupProvider>
        <WithWordClick {...props} />
      </WordLookupProvider>
    </ConfigProvider>
  );
}
