import { useEffect, useRef } from 'react';
import {
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { AppDialog } from '../components/ui/app-dialog.tsx';
import { attempt, isFailure } from '../lib/action-result.ts';
import { sessionUser } from '../lib/auth/session-context.ts';
import { createTask } from '../features/tasks/api/tasks-api.ts';
import { FormPageCard } from '../features/tasks/components/form-page-card.tsx';
import { TaskForm } from '../features/tasks/components/task-form.tsx';
import { useActionDialog } from '../lib/use-action-dialog.ts';
import { useSubmitting } from '../lib/pending.ts';
import { taskInputFromForm } from '../features/tasks/lib/task-form-values.ts';

/** The owner shown (read-only) in the form: the signed-in user. */
export function loader({ context }: LoaderFunctionArgs) {
  const user = sessionUser(context);
  return { owner: { email: user.email, name: user.displayName } };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  return attempt(async () => {
    const result = await createTask(taskInputFromForm(form));
    return { outcome: 'created' as const, id: result.insertedId };
  });
}

export { shouldRevalidate } from '../lib/action-result.ts';

/** /add-task (protected): post a new task. */
export function Component() {
  const { owner } = useLoaderData<typeof loader>();
  const submitting = useSubmitting();
  const actionData = useActionData<typeof action>();
  const dialog = useActionDialog(actionData);
  const formRef = useRef<HTMLFormElement>(null);

  // The form starts over after each successful create.
  useEffect(() => {
    if (actionData && !isFailure(actionData)) formRef.current?.reset();
  }, [actionData]);

  const result = dialog.current;
  return (
    <FormPageCard
      title="Create a New Task"
      subtitle="Describe the work, set a deadline and a budget, and let professionals bid."
    >
      <title>Create a New Task · TaskBid</title>
      <TaskForm
        owner={owner}
        submitLabel="Create Task"
        submitting={submitting}
        issues={isFailure(actionData) ? actionData.error.issues : undefined}
        formRef={formRef}
      />
      <AppDialog
        open={result !== undefined}
        onClose={dialog.close}
        tone={isFailure(result) ? 'error' : 'success'}
        title={isFailure(result) ? 'Error!' : 'Task Created!'}
      >
        {isFailure(result) ? (
          <>
            <p>There was an error creating your task</p>
            <p className="mt-2 text-sm">{result.error.message}</p>
          </>
        ) : (
          <p>Your task has been successfully created</p>
        )}
      </AppDialog>
    </FormPageCard>
  );
}
