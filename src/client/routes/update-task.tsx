import { ArrowLeft } from 'lucide-react';
import {
  useActionData,
  useLoaderData,
  useNavigate,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import type { UpdateTaskInput } from '../../shared/tasks/schema.ts';
import { AppDialog, type DialogTone } from '../components/ui/app-dialog.tsx';
import { attempt, isFailure } from '../lib/action-result.ts';
import { toCanonicalId } from '../lib/canonical-id.ts';
import { useSubmitting } from '../lib/pending.ts';
import { fetchTask, updateTask } from '../features/tasks/api/tasks-api.ts';
import { FormPageCard } from '../features/tasks/components/form-page-card.tsx';
import { NotYourTask } from '../features/tasks/components/not-your-task.tsx';
import { TASK_FORM_FIELDS, TaskForm } from '../features/tasks/components/task-form.tsx';
import { onlyFieldIssues } from '../components/ui/field-errors.ts';
import { useActionDialog } from '../lib/use-action-dialog.ts';
import { taskInputFromForm } from '../features/tasks/lib/task-form-values.ts';
import {
  addTaskPhotos,
  fetchTaskPhotos,
  pickedFiles,
  removePhoto,
} from '../features/photos/api/photos-api.ts';

export async function loader({ params, request }: LoaderFunctionArgs) {
  const task = await fetchTask(params.id ?? '', request.signal);
  toCanonicalId(request, params.id ?? '', task);
  const photos = await fetchTaskPhotos(task._id, request.signal);
  return { task, photos };
}

export async function action({ params, request }: ActionFunctionArgs) {
  const form = await request.formData();
  const input: UpdateTaskInput = taskInputFromForm(form);
  // A status the form does not offer (e.g. Completed) is kept by leaving it out.
  if (!input.status) delete input.status;
  const id = params.id ?? '';
  return attempt(async () => {
    const result = await updateTask(id, input);
    // Then the photos: those marked go, the picked ones are added (a refusal is the dialog's).
    const removals = form.getAll('removePhoto').filter((v) => typeof v === 'string');
    for (const photoId of removals) await removePhoto(photoId);
    const added = pickedFiles(form, 'photos');
    await addTaskPhotos(id, added);
    const changed = result.modifiedCount > 0 || removals.length > 0 || added.length > 0;
    return { outcome: changed ? ('updated' as const) : ('unchanged' as const) };
  });
}

export { shouldRevalidate } from '../lib/action-result.ts';

const DIALOGS: Record<
  'updated' | 'unchanged' | 'error',
  { tone: DialogTone; title: string; text: string }
> = {
  updated: { tone: 'success', title: 'Success!', text: 'Task updated successfully.' },
  unchanged: { tone: 'info', title: 'No Changes', text: 'No updates were made to the task.' },
  error: { tone: 'error', title: 'Error', text: 'Failed to update task.' },
};

/** /update-task/:id (protected, owner only): the create form, prefilled. */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const submitting = useSubmitting();
  const navigate = useNavigate();
  const actionData = useActionData<typeof action>();
  // A refusal of fields is shown beside them (the first takes the focus), not again in a dialog.
  const fieldsRefused =
    isFailure(actionData) && onlyFieldIssues(actionData.error.issues, TASK_FORM_FIELDS);
  const dialog = useActionDialog(fieldsRefused ? undefined : actionData);

  const { task } = data;
  if (task.userEmail === undefined) {
    return <NotYourTask what="edit" taskId={task._id} title={task.title} />;
  }

  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (index > 0 ? navigate(-1) : navigate(`/browse-tasks/${task._id}`));
  };
  const result = dialog.current;
  const shown = result ? DIALOGS[isFailure(result) ? 'error' : result.outcome] : null;

  return (
    <FormPageCard
      title="Update Task"
      subtitle="Change what you need; everything else stays as it is."
      before={
        <button type="button" className="btn btn-ghost btn-sm mb-4" onClick={goBack}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Task
        </button>
      }
    >
      <title>{`Update Task · ${task.title} · TaskBid`}</title>
      <TaskForm
        task={task}
        owner={{ email: task.userEmail, name: task.userName }}
        submitLabel="Update Task"
        submitting={submitting}
        issues={isFailure(actionData) ? actionData.error.issues : undefined}
        photos={data.photos}
      />
      <AppDialog
        open={shown !== null}
        tone={shown?.tone}
        title={shown?.title ?? ''}
        onClose={() => {
          dialog.close();
          if (result && !isFailure(result) && result.outcome === 'updated')
            void navigate('/my-tasks');
        }}
      >
        <p>{shown?.text}</p>
        {isFailure(result) ? <p className="mt-2 text-sm">{result.error.message}</p> : null}
      </AppDialog>
    </FormPageCard>
  );
}
