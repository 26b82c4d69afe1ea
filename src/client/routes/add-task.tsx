import { useEffect, useRef } from 'react';
import {
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { AppDialog } from '../components/ui/app-dialog.tsx';
import { fieldErrors, type FieldErrors } from '../components/ui/field-errors.ts';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { sessionUser } from '../lib/auth/session-context.ts';
import { createTask } from '../features/tasks/api/tasks-api.ts';
import { FormPageCard } from '../features/tasks/components/form-page-card.tsx';
import { TaskForm } from '../features/tasks/components/task-form.tsx';
import { useActionDialog } from '../lib/use-action-dialog.ts';
import { taskInputFromForm } from '../features/tasks/lib/task-form-values.ts';

type CreateOutcome =
  { outcome: 'created'; id: string } | { outcome: 'error'; detail: string; errors: FieldErrors };

/** The owner shown (read-only) in the form: the signed-in user. */
export function loader({ context }: LoaderFunctionArgs) {
  const user = sessionUser(context);
  return { owner: { email: user.email, name: user.displayName } };
}

export async function action({ request }: ActionFunctionArgs): Promise<CreateOutcome> {
  const form = await request.formData();
  try {
    const result = await createTask(taskInputFromForm(form));
    return { outcome: 'created', id: result.insertedId };
  } catch (error) {
    const issues = error instanceof ApiError ? error.issues : undefined;
    return { outcome: 'error', detail: errorMessage(error, ''), errors: fieldErrors(issues) };
  }
}

/** /add-task (protected): post a new task. */
export function Component() {
  const { owner } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const actionData = useActionData<CreateOutcome>();
  const dialog = useActionDialog(actionData);
  const formRef = useRef<HTMLFormElement>(null);

  // The form starts over after each successful create.
  useEffect(() => {
    if (actionData?.outcome === 'created') formRef.current?.reset();
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
        submitting={navigation.state === 'submitting'}
        errors={actionData?.outcome === 'error' ? actionData.errors : undefined}
        formRef={formRef}
      />
      <AppDialog
        open={result !== undefined}
        onClose={dialog.close}
        tone={result?.outcome === 'created' ? 'success' : 'error'}
        title={result?.outcome === 'created' ? 'Task Created!' : 'Error!'}
      >
        {result?.outcome === 'created' ? (
          <p>Your task has been successfully created</p>
        ) : (
          <>
            <p>There was an error creating your task</p>
            {result?.detail ? <p className="mt-2 text-sm">{result.detail}</p> : null}
          </>
        )}
      </AppDialog>
    </FormPageCard>
  );
}
