/**
 * npm run bench:load — throughput under concurrency: the compiled server (`node <build>/main.js`, as in production)
 * on loopback, a company with BENCH_LOAD_EXPENSES (1,000) expenses and BENCH_LOAD_SESSIONS (100) users, each with a
 * session; autocannon keeps BENCH_LOAD_CONNECTIONS (100) connections busy for BENCH_LOAD_SECONDS (10) per endpoint,
 * requests rotating over the sessions. Prints requests/s, p50, p99 and errors per endpoint; BENCH_JSON=path writes
 * them. BENCH_CPU_PROF=1 profiles the server during the run and prints its ten heaviest functions by self time.
 * Uses DATABASE_URL when set (a scratch database, NODE_ENV=production), else PGlite in the server's DATA_DIR.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SESSION_COOKIE, SESSION_HINT_COOKIE, createSession } from '../src/server/auth/sessions.js';
import { openDatabase } from '../src/server/db/client.js';
import { createTestDatabase } from '../tests/helpers/db.js';
import { buildServer, startServerProcess } from '../tests/helpers/server-process.js';
import { seedBench } from './seed.js';

const EXPENSES = Number(process.env.BENCH_LOAD_EXPENSES ?? 1000);
const SESSIONS = Number(process.env.BENCH_LOAD_SESSIONS ?? 100);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const PROFILE = ['1', 'true'].includes(process.env.BENCH_CPU_PROF ?? '');
const ENDPOINTS = [
  { name: 'expenses_list', path: '/api/expenses' },
  { name: 'dashboard_stats', path: '/api/dashboard/stats' },
];

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat (Linux). */
function cpuSecondsOf(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0; // gone meanwhile
  }
}
const CLOCK_TICKS = 100;

/** CPU seconds used by every PostgreSQL process of the machine (the local server that serves the bench). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuSecondsOf(pid);
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** The ten functions with the most self time in a V8 .cpuprofile (idle excluded), as [label, ms, share of busy time]. */
function topSelfTime(profile: CpuProfile): [string, number, number][] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const f = byNode.get(id)!;
    if (f.functionName === '(idle)') return;
    const label = `${f.functionName || '(anónima)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\//, '')}:${f.lineNumber + 1}`;
    const us = profile.timeDeltas[i] ?? 0;
    self.set(label, (self.get(label) ?? 0) + us);
    total += us;
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([label, us]) => [label, us / 1000, us / total]);
}

async function main() {
  const build = buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'rendix-load-'));
  const profDir = mkdtempSync(join(tmpdir(), 'rendix-load-prof-'));
  const scratch = process.env.DATABASE_URL ? await createTestDatabase() : null;
  const databaseUrl = scratch?.url ?? `pglite:${dataDir}/pglite`;
  try {
    // Seeded and sessions opened before the server starts: PGlite belongs to one process at a time.
    const database = await openDatabase(databaseUrl);
    await seedBench(database.exec, { companies: 1, total: EXPENSES, big: EXPENSES, usersPerCompany: SESSIONS });
    const users = (await database.exec(`select id from users order by email`)).rows as { id: string }[];
    const cookies: string[] = [];
    for (const u of users) cookies.push(`${SESSION_COOKIE}=${(await createSession(database.db, u.id, true, {})).id}; ${SESSION_HINT_COOKIE}=1`);
    await database.close();

    const server = await startServerProcess({
      build,
      dataDir,
      ...(scratch ? { databaseUrl } : {}),
      env: {
        ...(scratch ? { NODE_ENV: 'production', MAIL_DISABLED: 'true' } : {}),
        ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
        // READ_CACHE=false measures every request reading the database (the list pages and dashboard figures kept in
        // memory are the default).
        ...(process.env.READ_CACHE ? { READ_CACHE: process.env.READ_CACHE } : {}),
      },
      nodeArgs: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
    });
    const results = [];
    try {
      console.log(`Base de datos: ${scratch ? 'postgres' : 'pglite'}; ${EXPENSES} rendiciones, ${SESSIONS} sesiones, ${CONNECTIONS} conexiones, ${SECONDS} s por endpoint`);
      // CPU per request, split by process: what the throughput on these cores is made of, and steadier than req/s on a
      // machine that other work shares. PostgreSQL's is counted over all its processes (the scratch database's backends
      // plus whatever else asks the server meanwhile).
      console.log('| endpoint | req/s | p50 | p99 | errores | no-2xx | CPU servidor/req | CPU PostgreSQL/req | CPU autocannon/req | carga (1 min) |');
      console.log('|---|---|---|---|---|---|---|---|---|---|');
      for (const e of ENDPOINTS) {
        let next = 0;
        const before = { server: cpuSecondsOf(server.pid()), pg: scratch ? postgresCpuSeconds() : 0, self: process.cpuUsage() };
        const r = await autocannon({
          url: server.url + e.path,
          connections: CONNECTIONS,
          duration: SECONDS,
          requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: cookies[next++ % cookies.length] } }) }],
        });
        const self = process.cpuUsage(before.self);
        const perRequestMs = (seconds: number) => (r.requests.total ? (seconds * 1000) / r.requests.total : 0);
        const row = {
          name: e.name,
          path: e.path,
          requestsPerSec: r.requests.average,
          p50Ms: r.latency.p50,
          p99Ms: r.latency.p99,
          errors: r.errors + r.timeouts,
          non2xx: r.non2xx,
          loadavg1: loadavg()[0],
          serverCpuMsPerRequest: perRequestMs(cpuSecondsOf(server.pid()) - before.server),
          postgresCpuMsPerRequest: scratch ? perRequestMs(postgresCpuSeconds() - before.pg) : null,
          benchCpuMsPerRequest: perRequestMs((self.user + self.system) / 1e6),
        };
        results.push(row);
        console.log(`| GET ${e.path} | ${row.requestsPerSec.toFixed(0)} | ${row.p50Ms} ms | ${row.p99Ms} ms | ${row.errors} | ${row.non2xx} | ${row.serverCpuMsPerRequest.toFixed(2)} ms | ${row.postgresCpuMsPerRequest?.toFixed(2) ?? '–'} ms | ${row.benchCpuMsPerRequest.toFixed(2)} ms | ${row.loadavg1.toFixed(2)} |`);
      }
    } finally {
      await server.stop('SIGTERM');
    }
    let profileTop: [string, number, number][] = [];
    if (PROFILE) {
      const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
      if (file) {
        profileTop = topSelfTime(JSON.parse(readFileSync(join(profDir, file), 'utf8')) as CpuProfile);
        console.log('\nTiempo propio (perfil de CPU del servidor durante la carga):');
        for (const [label, msSelf, share] of profileTop) console.log(`  ${(share * 100).toFixed(1).padStart(5)} %  ${msSelf.toFixed(0).padStart(7)} ms  ${label}`);
      } else console.log('\n(no se escribió el perfil de CPU: el servidor no terminó limpiamente)');
    }
    if (process.env.BENCH_JSON) {
      const report = {
        database: scratch ? 'postgres' : 'pglite',
        machine: { cores: cpus().length, loadavg: loadavg() },
        setup: { expenses: EXPENSES, sessions: SESSIONS, connections: CONNECTIONS, seconds: SECONDS },
        endpoints: results,
        ...(PROFILE ? { cpuProfileTop: profileTop.map(([fn, msSelf, share]) => ({ fn, selfMs: msSelf, share })) } : {}),
      };
      writeFileSync(process.env.BENCH_JSON, JSON.stringify(report, null, 2) + '\n');
    }
  } finally {
    build.remove();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_CPU_PROF_KEEP) console.log(`Perfil guardado en ${profDir}`);
    else rmSync(profDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
