/**
 * Fault injection for the durability tests: `RENDIX_FAULT=<point>` makes the process kill itself (SIGKILL, no
 * cleanup, as a power cut or an OOM kill would) when it reaches that point. Several points may be listed, separated
 * by commas. Never active in production, whatever the environment says.
 *
 * Points in use are named `<domain>.<moment>`, e.g. `expense.after-commit` (the row and its jobs are committed, the
 * answer was not sent) or `receipt.after-put` (the file is stored, the row is not committed).
 */
const armed = new Set(
  process.env.NODE_ENV === 'production'
    ? []
    : (process.env.RENDIX_FAULT ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
);

export function faultPoint(name: string): void {
  if (armed.has(name)) process.kill(process.pid, 'SIGKILL');
}
