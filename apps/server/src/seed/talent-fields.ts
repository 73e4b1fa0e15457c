import { TALENT_FIELD_SECTIONS } from '@zhaokao/contracts';
import type { Db } from '../db/client.js';
import { talentField } from '../db/tables.js';

/** The catalogue rows, numbered in order (10, 20, ...) so that a field can later be put between two. */
export const TALENT_FIELDS = TALENT_FIELD_SECTIONS.flatMap((section) =>
  section.fields.map(([code, name]: readonly [string, string]) => ({ code, name, groupName: section.groupName })),
).map((field, i) => ({ ...field, sort: (i + 1) * 10 }));

/** Idempotent: runs on every start, and never overwrites a row that is already there. */
export async function seedTalentFields(db: Db) {
  await db.insert(talentField).values(TALENT_FIELDS).onConflictDoNothing();
}
