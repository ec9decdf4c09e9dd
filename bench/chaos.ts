// `npm run bench:chaos`: the crash test (server/reliability/crash.test.ts) at length. The server
// runs as a child process on PostgreSQL; each cycle sends CHAOS_SUBMISSIONS (100) submissions,
// SIGKILLs the server while they are in flight, restarts it and retries what got no answer with
// the same Idempotency-Key. CHAOS_CYCLES (20) cycles; then every key must be stored once and
// every lead emailed once. Uses TEST_DATABASE_URL's server (postgres://postgres@127.0.0.1:5432/test).
import { runCrashCycles } from "../server/reliability/crash-cycles";
import { testDatabases } from "../server/test-support/databases";

const cycles = Number(process.env.CHAOS_CYCLES ?? 20);
const submissionsPerCycle = Number(process.env.CHAOS_SUBMISSIONS ?? 100);

const postgres = (await testDatabases()).find((database) => database.label === "PostgreSQL");
if (!postgres?.available) throw new Error("bench:chaos needs PostgreSQL");
const instance = await postgres.create();
try {
  console.log(`${cycles} cycles of ${submissionsPerCycle} submissions, SIGKILL mid-flight`);
  const started = performance.now();
  const report = await runCrashCycles({
    cycles,
    submissionsPerCycle,
    databaseUrl: instance.env.DATABASE_URL!,
    dataDir: instance.env.DATA_DIR!,
    log: (line) => console.log(`  ${line}`),
  });
  const sum = (pick: (cycle: (typeof report.cycles)[number]) => number) =>
    report.cycles.reduce((total, cycle) => total + pick(cycle), 0);
  console.log(`  ${((performance.now() - started) / 1000).toFixed(1)} s in all`);
  console.log(
    `  submissions ${report.submissions}: answered before the kill ${sum((c) => c.answeredBeforeKill)}, retried ${sum((c) => c.retried)} (of which already stored ${sum((c) => c.replayed)})`,
  );
  console.log(
    `  stored leads ${report.storedLeads}, idempotency keys ${report.storedKeys}, outbox rows ${report.outboxRows}`,
  );
  console.log(
    `  emails delivered ${report.delivered} of ${report.outboxRows}; rows claimed again after a lease ${report.reclaimedRows}; duplicate copies (same Message-ID) ${report.duplicateCopies}`,
  );
  console.log(`  outbox drained ${(report.drainMs / 1000).toFixed(1)} s after the last cycle`);
  if (report.problems.length > 0) {
    console.log(`  PROBLEMS:\n    ${report.problems.join("\n    ")}`);
    process.exitCode = 1;
  } else {
    console.log("  nothing lost, nothing stored twice, every lead emailed");
  }
} finally {
  await instance.drop();
}
