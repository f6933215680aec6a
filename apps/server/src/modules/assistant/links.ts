import type { AssistantAction } from '@gre/contracts';

// Where the assistant's actions lead: pages of the web app's route table.

export const DRILL_HOME = '/exercise_list/big';
export const REVIEW_LINK = '/personal/wrongs';
export const MOCK_LINK = '/simulate';

/** The big bank filtered to one kind: practising questions of that kind. */
export const drillAction = (category: number, kind: string, label: string): AssistantAction => ({
  kind: 'drill',
  label,
  link: `${DRILL_HOME}?category=${category}&kind=${kind}`,
});
