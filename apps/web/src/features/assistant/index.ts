/**
 * The assistant feature's face (issue 18): its queries for /operate's 助教使用. The panel itself is loaded lazily by
 * path (`assistant-panel.tsx`) from the chat dialog's 助教 tab and the global 助教 dialog, so it stays out of first loads.
 */
export { assistantKeys, assistantUsageQuery } from './assistant-queries';
