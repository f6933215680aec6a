import { createContext } from 'react';

/**
 * Whether the exam screen shows a mock in ETS mode (the real test's English screen). The exam screen provides it;
 * the question renderers it shows read it (the Issue essay's Cut / Paste / Undo / Redo). Here, apart from both
 * features, so neither imports the other; outside an exam it is off.
 */
export const EtsModeContext = createContext(false);
