import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Site switches and admin-editable defaults (maintenance, min API version, later prices and quotas). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
