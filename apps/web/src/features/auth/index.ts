/** The auth feature's face: the saved token and the logged-in user as hooks, and logging out (the nav, pages). */
export { useCurrentUser, useLogout, useToken } from './session';
export { useCountdown } from './use-countdown';
export { useSessionCheckOnFocus } from './session-watch';
