/**
 * The admin feature's face: the console list (a table on wider screens, cards on a phone) that /operate's 助教使用
 * shows too (issue 18).
 */
export { AdminList, type AdminListQuery } from './admin-list';
