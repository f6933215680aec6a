/**
 * A phone or e-mail shown to someone who is not its owner, or not yet known to be: `138****5678` / `a***@example.com`
 * — enough for the owner (or a teacher who was told it) to recognise, little for a bystander. The confirmation-code
 * answer and the teacher's learner search both show contacts this way.
 */
export function maskTarget(target: string): string {
  const at = target.indexOf('@');
  if (at < 0) return target.length > 7 ? `${target.slice(0, 3)}****${target.slice(-4)}` : '****';
  return `${target.slice(0, Math.min(1, at))}***${target.slice(at)}`;
}
