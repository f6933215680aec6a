/** A day as learners in China read it (the server's unlock dates are instants). */
export function shanghaiDay(unixSeconds: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(unixSeconds * 1000));
}
