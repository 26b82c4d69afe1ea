import { SKILLS_MAX } from '../constants.ts';

/** A number written with at most `decimals` digits after the point (exact, no float drift). */
export function hasDecimals(value: number, decimals: number): boolean {
  if (!Number.isFinite(value)) return false;
  const text = String(value);
  if (text.includes('e')) return value === 0;
  const fraction = text.split('.')[1] ?? '';
  return fraction.length <= decimals;
}

/** Splits the skills list: trimmed, non-empty, case-insensitively unique, at most 10. */
export function parseSkills(skills: string | undefined): string[] {
  const seen = new Map<string, string>();
  for (const raw of (skills ?? '').split(',')) {
    const skill = raw.trim().slice(0, 50);
    if (skill && !seen.has(skill.toLowerCase())) seen.set(skill.toLowerCase(), skill);
  }
  return [...seen.values()].slice(0, SKILLS_MAX);
}

/**
 * Where a task stands, as the browse page's status filter chooses it ('' or absent: every
 * task): open for offers (nobody assigned, not completed: the lifecycle's bidding rule),
 * assigned (someone does the work, not completed yet), completed.
 */
export const TASK_STAGES = ['open', 'assigned', 'completed'] as const;
export type TaskStage = (typeof TASK_STAGES)[number];
