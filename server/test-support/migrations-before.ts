/**
 * The migrations as they were before one of them: the same files, the journal cut just before
 * `tag`. A migration's test writes a database with these, then migrates it to the end.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const migrationsFolder = path.resolve("server/db/migrations");

interface Journal {
  entries: { idx: number; tag: string }[];
}

export function migrationsBefore(tag: string): { folder: string; remove(): void } {
  const folder = mkdtempSync(path.join(tmpdir(), `migrations-before-${tag}-`));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(migrationsFolder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as Journal;
  const before = journal.entries.findIndex((entry) => entry.tag === tag);
  if (before < 1) throw new Error(`No migration ${tag} after the first`);
  writeFileSync(
    path.join(folder, "meta", "_journal.json"),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, before) }),
  );
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
