// Kill the server with SIGKILL while submissions are in flight, restart it, let the clients retry
// what got no answer with the same Idempotency-Key, and check that nothing was lost or doubled.
// Shared by server/reliability/crash.test.ts (5 cycles) and bench/chaos.ts (20). Past 250 lines: one
// scenario (start, load, kill, restart, reconcile), read top to bottom.
import { randomUUID } from "node:crypto";

import { ne } from "drizzle-orm";

import { openDatabase } from "../db/database";
import { contactMessages, idempotencyKeys, outbox, serviceRequests } from "../db/schema";
import { contactMessage, serviceRequest } from "../test-support/fixtures";
import { startSmtpServer } from "../test-support/smtp";
import { freePort, startChildServer, type ChildServer } from "./support/child-server";

export interface CrashCyclesOptions {
  cycles: number;
  submissionsPerCycle: number;
  /** A fresh PostgreSQL database: the restarted process must see what the killed one stored. */
  databaseUrl: string;
  dataDir: string;
  /** Progress, one line per cycle. */
  log?: (line: string) => void;
}

export interface CycleFigures {
  killedAfterMs: number;
  answeredBeforeKill: number;
  /** Requests that got no answer (connection reset or refused) and were retried. */
  retried: number;
  /** Retried requests whose first attempt had been stored: the retry got the stored answer. */
  replayed: number;
  restartMs: number;
}

export interface CrashCyclesReport {
  cycles: CycleFigures[];
  submissions: number;
  storedLeads: number;
  storedKeys: number;
  outboxRows: number;
  /** Distinct Message-IDs the SMTP server received for the leads. */
  delivered: number;
  /** Copies beyond the first: a send interrupted after the server accepted it, resent. */
  duplicateCopies: number;
  /** Rows sent more than once (their worker died mid-send) and so claimed again after the lease. */
  reclaimedRows: number;
  drainMs: number;
  /** Every broken promise, in words; empty when nothing was lost or doubled. */
  problems: string[];
}

interface Submission {
  key: string;
  path: string;
  body: Record<string, unknown>;
  /** The subject line of the company email, unique per submission. */
  subject: string;
  id?: string;
}

type Attempt = { answered: true; id: string; replayed: boolean } | { answered: false };

const siteUrl = "https://repair.example.test";
const leadsEmail = "leads@example.net";

function submission(cycle: number, index: number): Submission {
  const name = `Crash ${cycle}-${index}`;
  if (index % 2 === 0) {
    return {
      key: randomUUID(),
      path: "/api/send-email",
      body: serviceRequest({ name, email: "" }),
      subject: `New service request: Refrigerator — ${name}`,
    };
  }
  return {
    key: randomUUID(),
    path: "/api/send-contact-email",
    body: contactMessage({ name, lastName: "Retry", email: "" }),
    subject: `New contact message: Warranty question — ${name} Retry`,
  };
}

async function attempt(baseUrl: string, { key, path, body }: Submission): Promise<Attempt> {
  let status: number;
  let answer: { id?: string };
  let replayed: boolean;
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": key },
      body: JSON.stringify(body),
    });
    status = response.status;
    replayed = response.headers.get("idempotent-replayed") === "true";
    answer = (await response.json()) as { id?: string };
  } catch {
    // The connection was reset or refused, or the answer cut off: no answer, so try again.
    return { answered: false };
  }
  if (status === 503) return { answered: false };
  if (status !== 201 || !answer.id) {
    throw new Error(`${path} answered ${status}: ${JSON.stringify(answer)}`);
  }
  return { answered: true, id: answer.id, replayed };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runCrashCycles(options: CrashCyclesOptions): Promise<CrashCyclesReport> {
  const { cycles, submissionsPerCycle, databaseUrl, dataDir, log = () => {} } = options;
  const smtp = await startSmtpServer();
  const port = await freePort();
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    SITE_URL: siteUrl,
    LEADS_EMAIL: leadsEmail,
    RATE_LIMIT_MAX: "0",
    PLACES_PER_CLIENT: "0",
    OUTBOX_POLL_MS: "100",
    OUTBOX_LEASE_SECONDS: "2",
    OUTBOX_BACKOFF_BASE_MS: "100",
    OUTBOX_BACKOFF_MAX_MS: "1000",
  };
  const submissions: Submission[] = [];
  const figures: CycleFigures[] = [];
  const problems: string[] = [];
  let server: ChildServer = await startChildServer(port, env);

  try {
    for (let cycle = 1; cycle <= cycles; cycle += 1) {
      const batch = Array.from({ length: submissionsPerCycle }, (_, index) =>
        submission(cycle, index),
      );
      submissions.push(...batch);
      // Odd cycles kill at a random moment: early, requests are mid-transaction; late, the
      // worker is mid-send. Even cycles kill as the answers start to arrive, when the leads of
      // a group commit are stored and most of their answers not yet written.
      const killAt = cycle % 2 === 1 ? Math.round(20 + Math.random() * 400) : Infinity;
      const killAtAnswer = cycle % 2 === 0 ? 1 + Math.floor(Math.random() * 5) : Infinity;
      let answeredSoFar = 0;
      let answerReached: () => void = () => {};
      const enoughAnswers = new Promise<void>((resolve) => (answerReached = resolve));
      const started = performance.now();
      const firstAttempts = batch.map((entry) =>
        attempt(server.baseUrl, entry).then((result) => {
          if (result.answered && ++answeredSoFar >= killAtAnswer) answerReached();
          return result;
        }),
      );
      await Promise.race([enoughAnswers, sleep(Math.min(killAt, 5_000))]);
      server.kill("SIGKILL");
      const killedAfterMs = Math.round(performance.now() - started);
      await server.exited;
      const results = await Promise.all(firstAttempts);
      let pending: Submission[] = [];
      results.forEach((result, index) => {
        if (result.answered) batch[index]!.id = result.id;
        else pending.push(batch[index]!);
      });
      const answeredBeforeKill = batch.length - pending.length;
      const retried = pending.length;

      const restartStarted = performance.now();
      server = await startChildServer(port, env);
      const restartMs = performance.now() - restartStarted;
      let replayed = 0;
      for (let round = 0; pending.length > 0; round += 1) {
        if (round === 50) throw new Error(`${pending.length} submissions never got an answer`);
        const retries = await Promise.all(pending.map((entry) => attempt(server.baseUrl, entry)));
        const stillPending: Submission[] = [];
        retries.forEach((result, index) => {
          const entry = pending[index]!;
          if (!result.answered) {
            stillPending.push(entry);
            return;
          }
          entry.id = result.id;
          if (result.replayed) replayed += 1;
        });
        pending = stillPending;
        if (pending.length > 0) await sleep(100);
      }
      figures.push({ killedAfterMs, answeredBeforeKill, retried, replayed, restartMs });
      log(
        `cycle ${cycle}: killed after ${killedAfterMs} ms; ${answeredBeforeKill} answered, ${retried} retried (${replayed} had been stored), restarted in ${(restartMs / 1000).toFixed(1)} s`,
      );
    }

    // A client that got an answer and asks again gets the same answer, whatever happened since.
    for (const entry of submissions.filter((_, index) => index % 25 === 0)) {
      const again = await attempt(server.baseUrl, entry);
      if (!again.answered || again.id !== entry.id || !again.replayed) {
        problems.push(`key ${entry.key} asked again: ${JSON.stringify(again)}, first ${entry.id}`);
      }
    }

    const database = await openDatabase({ databaseUrl, pgliteDir: null });
    try {
      const { db } = database;
      const drainStarted = performance.now();
      for (;;) {
        const unsent = await db.$count(outbox, ne(outbox.status, "sent"));
        if (unsent === 0) break;
        if (performance.now() - drainStarted > 60_000) {
          problems.push(`${unsent} outbox rows unsent a minute after the last cycle`);
          break;
        }
        await sleep(100);
      }
      const drainMs = performance.now() - drainStarted;

      const answeredIds = submissions.map((entry) => entry.id ?? "");
      const leadIds = [
        ...(await db.select({ id: serviceRequests.id }).from(serviceRequests)),
        ...(await db.select({ id: contactMessages.id }).from(contactMessages)),
      ].map((row) => row.id);
      const keys = await db.select().from(idempotencyKeys);
      const rows = await db.select().from(outbox);

      const answered = new Set(answeredIds);
      if (answered.size !== submissions.length || answered.has("")) {
        problems.push(`${submissions.length} submissions got ${answered.size} distinct answers`);
      }
      const stored = new Set(leadIds);
      if (stored.size !== leadIds.length) problems.push("a lead id is stored twice");
      for (const id of answered) if (!stored.has(id)) problems.push(`answered ${id}, not stored`);
      for (const id of stored) if (!answered.has(id)) problems.push(`stored ${id}, never answered`);
      const keyAnswers = new Map(
        keys.map((row) => [row.key, "id" in row.response ? row.response.id : ""]),
      );
      for (const entry of submissions) {
        if (keyAnswers.get(entry.key) !== entry.id) {
          problems.push(
            `key ${entry.key} recorded ${keyAnswers.get(entry.key)}, answered ${entry.id}`,
          );
        }
      }

      const rowsPerLead = new Map<string, number>();
      for (const row of rows)
        rowsPerLead.set(row.subjectId, (rowsPerLead.get(row.subjectId) ?? 0) + 1);
      for (const id of stored) {
        if (rowsPerLead.get(id) !== 1)
          problems.push(`lead ${id} has ${rowsPerLead.get(id) ?? 0} emails queued`);
      }

      const received = smtp.received.filter((email) => email.envelopeTo.join() === leadsEmail);
      const copies = new Map<string, number>();
      const messageIdsBySubject = new Map<string, Set<string>>();
      for (const email of received) {
        const messageId = email.parsed.messageId ?? "";
        copies.set(messageId, (copies.get(messageId) ?? 0) + 1);
        const subject = email.parsed.subject ?? "";
        messageIdsBySubject.set(
          subject,
          (messageIdsBySubject.get(subject) ?? new Set()).add(messageId),
        );
      }
      let duplicateCopies = 0;
      for (const row of rows) {
        const count = copies.get(row.message.messageId) ?? 0;
        if (row.status !== "sent") problems.push(`outbox row ${row.id} is ${row.status}`);
        if (count === 0) problems.push(`the email about ${row.subjectId} never arrived`);
        // A second copy is the rare duplicate a killed worker causes, never anything else.
        if (count > 1 && row.attempts < 2)
          problems.push(`${row.message.messageId} sent ${count} times in one attempt`);
        duplicateCopies += Math.max(0, count - 1);
      }
      for (const entry of submissions) {
        const ids = messageIdsBySubject.get(entry.subject);
        if (!ids || ids.size !== 1) {
          problems.push(
            `"${entry.subject}" arrived with Message-IDs ${[...(ids ?? [])].join(", ")}`,
          );
        }
      }
      if (received.length !== rows.length + duplicateCopies) {
        problems.push(`${received.length} emails arrived for ${rows.length} outbox rows`);
      }

      return {
        cycles: figures,
        submissions: submissions.length,
        storedLeads: leadIds.length,
        storedKeys: keys.length,
        outboxRows: rows.length,
        delivered: rows.filter((row) => copies.has(row.message.messageId)).length,
        duplicateCopies,
        reclaimedRows: rows.filter((row) => row.attempts > 1).length,
        drainMs,
        problems,
      };
    } finally {
      await database.close();
    }
  } finally {
    server.kill("SIGTERM");
    await server.exited;
    await smtp.close();
  }
}
