import { useActionData, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { isRuleId } from '../../../shared/operators/rules.ts';
import type { ModerationSettings } from '../../../shared/operators/schema.ts';
import { fetchSettings, saveSettings } from '../../features/operators/api/operators-api.ts';
import { SettingsForm } from '../../features/operators/components/settings-form.tsx';
import { intentAction, isFailure, shouldRevalidate } from '../../lib/action-result.ts';
import { operatorOnly } from './console-context.ts';

export { shouldRevalidate };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await operatorOnly(context, 'admin');
  return fetchSettings(request.signal);
}

/** A number field as posted: '' is no number (the server says so beside the field). */
const numberOf = (value: string) => (value.trim() === '' ? null : Number(value));

export const action = intentAction({
  save: async ({ form, text }) => {
    const rows = new Set(
      [...form.keys()].flatMap((name) => /^watchedWords\.(\d+)\./.exec(name)?.[1] ?? []),
    );
    const watchedWords = [...rows]
      .map(Number)
      .sort((a, b) => a - b)
      .map((i) => {
        const category = text(`watchedWords.${i}.category`);
        return {
          word: text(`watchedWords.${i}.word`),
          // Sent as posted: anything but an action is the server's to refuse.
          action: text(
            `watchedWords.${i}.action`,
          ) as ModerationSettings['watchedWords'][number]['action'],
          ...(isRuleId(category) ? { category } : {}),
        };
      });
    // Numbers as typed: a blank or a word is the server's to refuse beside its field.
    const settings = {
      hideScore: numberOf(text('hideScore')),
      newAccount: {
        tasks: numberOf(text('newAccount.tasks')),
        bids: numberOf(text('newAccount.bids')),
        messages: numberOf(text('newAccount.messages')),
        linkFreeMessages: numberOf(text('newAccount.linkFreeMessages')),
      },
      watchedWords,
    } as unknown as ModerationSettings;
    await saveSettings({ ...settings, reason: text('reason') });
    return { saved: true as const };
  },
});

/** /admin/settings (admins): the moderation settings every check of posted text reads. */
export function Component() {
  const settings = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = isFailure(result) ? result.error : null;
  return (
    <>
      <title>Settings · Console · TaskBid</title>
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
        <p className="mt-1 text-base-content/75">
          When reported content is hidden, what new accounts may post, and the words we watch for.
          Every instance applies a change within a few seconds.
        </p>
      </header>
      <SettingsForm settings={settings} failure={failure} saved={!!result && !failure} />
    </>
  );
}
