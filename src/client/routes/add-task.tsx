import { useEffect, useRef } from 'react';
import {
  Link,
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
import { TASK_FORM_FIELDS, TaskForm } from '../features/tasks/components/task-form.tsx';
import { onlyFieldIssues } from '../components/ui/field-errors.ts';
import { useActionDialog } from '../lib/use-action-dialog.ts';
import { useSubmitting } from '../lib/pending.ts';
import { taskInputFromForm } from '../features/tasks/lib/task-form-values.ts';
import { addTaskPhotos, pickedFiles } from '../features/photos/api/photos-api.ts';
import { errorMessage } from '../lib/api-client.ts';

/** The owner shown (read-only) in the form: the signed-in user. */
export async function loader({ context }: LoaderFunctionArgs) {
  const user = await sessionUser(context);
  return { owner: { email: user.email, name: user.displayName } };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  return attempt(async () => {
    const result = await createTask(taskInputFromForm(form));
    const id = result.insertedId;
    // The task stands; a photo the server refuses is said in the dialog (add it from Edit).
    const photoError = await addTaskPhotos(id, pickedFiles(form, 'photos')).then(
      () => null,
      (error: unknown) => errorMessage(error, 'A photo could not be added.'),
    );
    return { outcome: 'created' as const, id, photoError };
  });
}

export { shouldRevalidate } from '../lib/action-result.ts';

/** /add-task (protected): post a new task. */
export function Component() {
  const { owner } = useLoaderData<typeof loader>();
  const submitting = useSubmitting();
  const actionData = useActionData<typeof action>();
  // A refusal of fields is shown beside them (the first takes the focus), not again in a dialog.
  const fieldsRefused =
    isFailure(actionData) && onlyFieldIssues(actionData.error.issues, TASK_FORM_FIELDS);
  const dialog = useActionDialog(fieldsRefused ? undefined : actionData);
  const formRef = useRef<HTMLFormElement>(null);
  /** "Post another" was pressed: the title takes the focus once the dialog has closed. */
  const postAnother = useRef(false);
  const closeDialog = () => {
    dialog.close();
    if (!postAnother.current) return;
    postAnother.current = false;
    const title = formRef.current?.elements.namedItem('title');
    if (title instanceof HTMLElement) title.focus();
  };

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
        onClose={closeDialog}
        tone={isFailure(result) ? 'error' : 'success'}
        title={isFailure(result) ? 'Error!' : 'Task Created!'}
        actions={
          result && !isFailure(result) ? (
            <>
              <Link to={`/browse-tasks/${result.id}`} className="btn btn-primary">
                View task
              </Link>
              <form method="dialog" className="contents">
                <button
                  type="submit"
                  className="btn btn-outline"
                  onClick={() => (postAnother.current = true)}
                >
                  Post another
                </button>
                <button type="submit" className="btn btn-ghost min-w-24" data-autofocus>
                  OK
                </button>
              </form>
            </>
          ) : undefined
        }
      >
        {isFailure(result) ? (
          <>
            <p>There was an error creating your task</p>
            <p className="mt-2 text-sm">{result.error.message}</p>
          </>
        ) : (
          <>
            <p>Your task has been successfully created</p>
            {result?.photoError ? (
              <p className="mt-2 text-sm text-error">
                A photo could not be added: {result.photoError} You can add photos when you edit the
                task.
              </p>
            ) : null}
          </>
        )}
      </AppDialog>
    </FormPageCard>
  );
}
