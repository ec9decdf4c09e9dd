import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/**
 * `insert into <table> (<columns>) select … from json_to_recordset(<rows as one JSON text>)`:
 * many rows in one statement with one parameter. The query builder's multi-row insert binds
 * every value of every row as its own parameter, and building and serialising those took more
 * of the process than the embedded database's own work on a batch of leads. Only the columns
 * the rows give are written (every row must give the same ones); the others take their
 * defaults. Values go through JSON as they are: strings, numbers, booleans, null and, for
 * `jsonb` columns, objects.
 */
export function insertJsonRows<T extends PgTable>(
  table: T,
  rows: readonly T["$inferInsert"][],
  suffix?: SQL,
): SQL {
  const columns = Object.entries(getTableColumns(table)).filter(([property]) =>
    rows.some((row) => (row as Record<string, unknown>)[property] !== undefined),
  );
  const names = columns.map(([, column]) => sql.identifier(column.name));
  const definitions = columns.map(
    ([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`,
  );
  const records = rows.map((row) =>
    Object.fromEntries(
      columns.map(([property, column]) => [
        column.name,
        (row as Record<string, unknown>)[property] ?? null,
      ]),
    ),
  );
  const list = sql.join(names, sql`, `);
  return sql`insert into ${sql.identifier(getTableName(table))} (${list}) select ${list} from json_to_recordset(${JSON.stringify(records)}::json) as rows(${sql.join(definitions, sql`, `)}) ${suffix ?? sql``}`;
}

/**
 * The rows a raw statement returned. The query API is typed for either driver, so `execute`
 * answers `unknown`; both answer an object with `rows`.
 */
export function returnedRows<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error("The database answered a statement without rows");
  return rows as T[];
}
