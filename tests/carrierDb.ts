import { DatabaseSync } from 'node:sqlite';

/** How many returns the reference carrier's database at `dbPath` holds for a sender's e-mail address. */
export function returnsFor(dbPath: string, email: string): number {
  const reader = new DatabaseSync(dbPath, { readOnly: true });
  try {
    const row = reader
      .prepare("SELECT COUNT(*) AS n FROM returns WHERE json_extract(request, '$.sender.email') = ?")
      .get(email) as { n: number };
    return row.n;
  } finally {
    reader.close();
  }
}
