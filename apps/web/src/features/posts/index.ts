/**
 * The posts feature's face: "讨论 (n)" under a reviewed question (personal pages, search), which opens the chat
 * dialog. The exam result review loads `discussion-light.tsx` lazily by path instead; the dialog host loads
 * `chat-dialog.tsx` and the route table `discussion-page.tsx` the same way.
 */
export { DiscussionEntry } from './discussion-entry';
