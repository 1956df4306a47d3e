import { sql, type Placeholder } from 'drizzle-orm';
import type { Db } from './client.js';

/*
 * Statements the hottest requests send (authentication, the expense list, the dashboard cards), built once per database
 * and per shape, then executed with their values. Measured (issue 18): building a Drizzle select with five joins costs
 * ~1-2.5 ms of CPU per call, and PostgreSQL plans it again every time (1-1.5 ms); a prepared one costs ~0.3 ms, and
 * node-postgres sends it as a named statement that each connection parses and plans once.
 *
 * A shape is what changes the SQL text (which filters are present, the cursor's direction); values never do, they
 * travel as placeholders. Shapes are few (a handful of optional filters), so the cache needs no bound.
 */

interface Executable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

const cache = new WeakMap<Db, Map<string, Executable<unknown>>>();
let counter = 0;

/**
 * The prepared statement `build` makes for `shape` on `db`, made on first use. `build` receives the statement's name,
 * unique in the process (node-postgres refuses one name for two texts on a connection).
 *
 * `planEachTime`: the SQL is still built once, but sent unnamed, so PostgreSQL plans it with the actual values every
 * time. For aggregates over a company's rows, whose best plan depends on the company's size (one company may hold a
 * quarter of the table): after five executions a named statement may settle on a generic plan made for the average
 * company, measured 20 → 34 ms for the stat cards of a 50,000-row company among 200,000 rows.
 */
export function prepared<R>(db: Db, shape: string, build: (name: string) => Executable<R>, opts: { planEachTime?: boolean } = {}): Executable<R> {
  let byShape = cache.get(db);
  if (!byShape) cache.set(db, (byShape = new Map()));
  let statement = byShape.get(shape) as Executable<R> | undefined;
  if (!statement) {
    // node-postgres: an empty name is PostgreSQL's unnamed statement, parsed and planned on each execution.
    statement = build(opts.planEachTime ? '' : `rdx_${++counter}`);
    byShape.set(shape, statement);
  }
  return statement;
}

/**
 * Collects a statement's values while its conditions are written: `bind(name, value)` records the value and answers
 * the placeholder that stands for it; `shape` lists what was bound, in order, as the cache key.
 */
export class Bindings {
  readonly values: Record<string, unknown> = {};
  private readonly names: string[] = [];

  bind: Bind = <T>(name: string, value: T): Placeholder<string> => {
    if (!(name in this.values)) this.names.push(name);
    this.values[name] = value;
    return sql.placeholder(name);
  };

  /** The bound names joined, prefixed by what else shapes the SQL (e.g. the cursor's direction). */
  shape(prefix: string): string {
    return `${prefix}:${this.names.join(',')}`;
  }
}

/** How a condition gets its right side: the value itself (`eager`, for one-off queries) or a placeholder (`Bindings`). */
export type Bind = <T>(name: string, value: T) => T | Placeholder<string>;
/** For queries that are not prepared: the value itself. */
export const eager: Bind = (_name, value) => value;
