import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const sysDict = pgTable(
  'sys_dict',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    type: text('type').notNull(),
    label: text('label').notNull(),
    value: text('value').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('sys_dict_type_value').on(t.type, t.value)],
);
