import type { DatabaseSync } from 'node:sqlite';

export type LabelFormat = 'label' | 'a4';

/** A stored label PDF by its guid and format. */
export function findLabel(
  db: DatabaseSync,
  guid: string,
  format: LabelFormat,
): { filename: string; pdf: Uint8Array } | undefined {
  return db.prepare('SELECT filename, pdf FROM labels WHERE guid = ? AND format = ?').get(guid, format) as
    { filename: string; pdf: Uint8Array } | undefined;
}
