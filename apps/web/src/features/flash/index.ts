/**
 * The flash feature's face: home's 今日待复习单词 card. The deck page and the create-flash dialog load lazily by
 * path (the route table, the dialog host), and `openCreateFlash` lives in state/ui.ts beside the other dialogs.
 */
export { FlashReviewCard } from './review-card';
