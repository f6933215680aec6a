import type { ExamCopy } from './zh-CN.exam';

/**
 * The ETS mode of a mock exam: the real computer-delivered test's English labels, so the learner rehearses the screen
 * they will see on test day. The blocks mirror the Chinese ones of `zh-CN.exam.ts` key for key (`satisfies`), so the
 * exam screen can take either.
 */
export const etsCopy = {
  bar: {
    progress: (n: number, total: number) => `Question ${n} of ${total}`,
    exit: 'Exit Section',
    review: 'Review',
    mark: 'Mark',
    unmark: 'Unmark',
    back: 'Back',
    next: 'Next',
    calculator: 'Calculator',
    hideTime: 'Hide Time',
    showTime: 'Show Time',
    timeLeft: 'Time remaining',
    timeUsed: 'Time used',
    timerHidden: 'Time hidden',
    toolbar: 'Testing tools',
    marked: 'Marked',
  } satisfies ExamCopy['bar'],
  help: 'Help',
  sectionOf: (n: number, total: number) => `Section ${n} of ${total}`,
  /** Section titles by area; practice sections keep the name the server gave them. */
  areas: {
    verbal: 'Verbal Reasoning',
    quant: 'Quantitative Reasoning',
    issue: 'Analytical Writing',
  } as Record<string, string>,

  save: {
    saving: 'Saving…',
    saved: 'Saved',
    retrying: 'Not saved yet, retrying…',
  } satisfies ExamCopy['save'],

  network: {
    offline: 'You are offline. Your answers are saved on this device and will be sent when the connection returns.',
    offlineSubmit:
      'You are offline. This section will be submitted when the connection returns; your answers are saved on this device.',
    syncing: 'Back online. Sending your answers…',
    synced: 'All answers saved',
  } satisfies ExamCopy['network'],

  exitDialog: {
    title: 'Exit Section?',
    body: 'If you exit this section, your answers are submitted and you cannot return to it.',
    unanswered: (n: number) =>
      n === 1 ? '1 question in this section is not answered.' : `${n} questions in this section are not answered.`,
    confirm: 'Exit Section',
    cancel: 'Return',
  } satisfies ExamCopy['exitDialog'],

  review: {
    title: 'Review',
    intro: 'Select a question number to go to that question. Marked questions show a flag.',
    columns: { number: 'Question Number', status: 'Status', marked: 'Marked' },
    back: 'Return',
    goTo: (n: number) => `Go to Question ${n}`,
  } satisfies ExamCopy['review'],

  status: {
    Answered: 'Answered',
    NotAnswered: 'Not Answered',
    NotEncountered: 'Not Seen',
    marked: 'Marked',
  } as Record<string, string>,

  end: {
    title: 'End of Section',
    timeUp: 'Time Is Up',
    autoSubmitted: 'This section has been submitted.',
    submitted: 'This section has been submitted.',
    reachedEnd: 'You have reached the end of this section. You may return to the section to check your answers.',
    timeUpNoCommit: 'Time for this section has expired. Answers given now are not saved; exit the section to go on.',
    answered: 'Answered',
    unanswered: 'Not Answered',
    marked: 'Marked',
    count: (n: number) => (n === 1 ? '1 question' : `${n} questions`),
    unansweredList: 'Not answered',
    markedList: 'Marked',
    continue: 'Continue',
    finish: 'Exit Section and See Scores',
    showResult: 'See Scores',
    back: 'Return to Section',
    nextSection: (name: string) => `Next section: ${name}`,
  } satisfies ExamCopy['end'],

  calc: {
    title: 'Calculator',
    label: 'On-screen calculator',
    close: 'Close calculator',
    drag: 'Drag to move the calculator',
    transfer: 'Transfer Display',
    transferHint: 'Transfer Display works with numeric entry questions only',
    transferred: 'Display transferred',
    memory: 'A value is stored in memory',
    keys: {
      sqrt: 'square root',
      neg: 'change sign',
      C: 'clear',
      CE: 'clear entry',
      MR: 'memory recall',
      MC: 'memory clear',
      'M+': 'memory add',
      '.': 'decimal point',
      '+': 'plus',
      '-': 'minus',
      '*': 'times',
      '/': 'divided by',
      '=': 'equals',
    } as Record<string, string>,
  } satisfies ExamCopy['calc'],

  /** The Issue essay's editing buttons, as on the test (which has no Copy). */
  essay: {
    tools: 'Editing tools',
    cut: 'Cut',
    paste: 'Paste',
    undo: 'Undo',
    redo: 'Redo',
    label: 'Response',
    placeholder: 'Type your response here.',
  },

  /** The Help overlay: what each button does and how the clock runs, like the test's own Help. */
  helpScreen: {
    title: 'Help',
    toolsTitle: 'Testing Tools',
    /** By button, in the bar's order; the overlay lists the ones the current section has. */
    tools: {
      calculator:
        'Opens the on-screen calculator (Quantitative Reasoning only). Transfer Display puts its result into a ' +
        'numeric entry box.',
      exit: 'Ends this section and submits your answers. You cannot return to a section after you exit it.',
      review:
        'Lists every question of this section with its status (Answered, Not Answered, Not Seen) and whether it is ' +
        'marked. Select a question to go to it.',
      mark: 'Marks the current question so you can find it on the Review screen. Select Mark again to unmark it.',
      help: 'Opens this screen. The timer keeps running while Help is open.',
      back: 'Goes to the previous question of this section.',
      next: 'Goes to the next question. After the last question you reach the end of the section.',
    },
    time: 'Hides or shows the time remaining in this section.',
    timerTitle: 'Timer',
    timer: [
      'The time remaining in this section is shown at the top right of the screen.',
      'The clock starts when the section opens and does not stop: leaving this page, closing the browser or losing ' +
        'the connection does not pause it.',
      'When the time runs out, the section ends and your answers are submitted.',
    ],
    writingTitle: 'Analytical Writing',
    writing:
      'Type your response in the box beside the topic. Cut, Paste, Undo and Redo work on the text in the box. ' +
      'There is no spell checker.',
    close: 'Return',
  },
};

export type EtsCopy = typeof etsCopy;
