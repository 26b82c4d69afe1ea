import { eq, sql } from 'drizzle-orm';
import {
  moderationSettingsSchema,
  type ModerationSettings,
} from '../../shared/operators/schema.ts';
import { compileWatchedWords, type WordMatcher } from '../../shared/moderation/watched-words.ts';
import type { Db } from './db/client.ts';
import { moderationSettings } from './db/schema.ts';

/** How long an instance trusts the settings it read: another instance's save shows within it. */
export const SETTINGS_TTL_MS = 5_000;

/** The settings with what is compiled from them once per version. */
export interface ModerationRules {
  settings: ModerationSettings;
  version: number;
  words: WordMatcher;
  /** False where new-account limits are switched off (NEW_ACCOUNT_LIMITS=off, the test suites). */
  newAccountLimits: boolean;
}

interface Cached {
  rules: ModerationRules;
  readAt: number;
}

const cache = new WeakMap<Db, Cached>();
const limitsOff = new WeakSet<Db>();

/** Switches the new-account limits on or off for the app on this database (its config). */
export function configureNewAccountLimits(db: Db, on: boolean): void {
  if (on) limitsOff.delete(db);
  else limitsOff.add(db);
  cache.delete(db);
}

/** Forgets what this instance read, after it saved (its own next read sees the save). */
export function forgetModerationSettings(db: Db): void {
  cache.delete(db);
}

/** The stored row parsed (defaults for a field it lacks), or every default without a row. */
export async function loadModerationSettings(
  db: Db,
): Promise<{ settings: ModerationSettings; version: number }> {
  const [row] = await db
    .select({ settings: moderationSettings.settings, version: moderationSettings.version })
    .from(moderationSettings)
    .where(eq(moderationSettings.id, 1));
  const parsed = moderationSettingsSchema.safeParse(row?.settings ?? {});
  return {
    settings: parsed.success ? parsed.data : moderationSettingsSchema.parse({}),
    version: row?.version ?? 0,
  };
}

/**
 * The moderation rules in force: read at most every few seconds per instance, the watched
 * words compiled once per settings version. Every check of posted text reads them here.
 */
export async function moderationRules(db: Db): Promise<ModerationRules> {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.readAt < SETTINGS_TTL_MS) return cached.rules;
  const { settings, version } = await loadModerationSettings(db);
  const rules =
    cached && cached.rules.version === version && version > 0
      ? cached.rules
      : {
          settings,
          version,
          words: compileWatchedWords(settings.watchedWords),
          newAccountLimits: !limitsOff.has(db),
        };
  cache.set(db, { rules, readAt: Date.now() });
  return rules;
}

/**
 * The moderation settings (the one read of them): the hide threshold (`hideScore`), the
 * new-account limits and the watched words.
 */
export async function readModerationSettings(db: Db): Promise<ModerationSettings> {
  return (await moderationRules(db)).settings;
}

/** Stores new settings (in the caller's transaction), a version up; returns the stored ones. */
export async function storeModerationSettings(tx: Db, settings: ModerationSettings) {
  await tx
    .insert(moderationSettings)
    .values({ id: 1, settings, version: 1 })
    .onConflictDoUpdate({
      target: moderationSettings.id,
      set: {
        settings,
        version: sql`${moderationSettings.version} + 1`,
        updatedAt: sql`now()`,
      },
    });
}
