import type { SettingsDone, SettingsIntent } from '../hooks/use-settings-fetcher.ts';

/** What a settings section's action answers when it worked: the intent it did, and more. */
export function settingsDone(intent: string, extra: Omit<SettingsDone, 'done'> = {}): SettingsDone {
  return { done: intent as SettingsIntent, ...extra };
}

/** A failure the form shows beside one field. */
export function fieldFailure(path: string, message: string) {
  return { error: { message, code: 'VALIDATION_FAILED', issues: [{ path, message }] } };
}
