import { ArrowLeft } from 'lucide-react';
import {
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { UpdateTaskInput } from '../../shared/tasks.ts';
import { AppDialog, type DialogTone } from '../components/ui/app-dialog.tsx';
import { fieldErrors, type FieldErrors } from '../components/ui/field-errors.ts';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { fetchTask, updateTask } from '../features/tasks/api/tasks-api.ts';
import { FormPageCard } from '../features/tasks/components/form-page-card.tsx';
import { NotYourTask } from '../features/tasks/components/not-your-task.tsx';
import { TaskForm } from '../features/tasks/components/task-form.tsx';
import { useActionDialog } from '../lib/use-action-dialog.ts';
import { taskInputFromForm } from '../features/tasks/lib/task-form-values.ts';

export async function loader({ params, request }: LoaderFunctionArgs) {
  return { task: await fetchTask(params.id ?? '', request.signal) };
}

type UpdateOutcome =
  | { outcome: 'updated' }
  | { outcome: 'unchanged' }
  | { outcome: 'error'; detail: string; errors: FieldErrors };

/** A failed action changed nothing, so the page keeps what it shows (and its dialog). */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if ((actionResult as UpdateOutcome | undefined)?.outcome === 'error') return false;
  return defaultShouldRevalidate;
}

export async function action({ params, request }: ActionFunctionArgs): Promise<UpdateOutcome> {
  const input: UpdateTaskInput = taskInputFromForm(await request.formData());
  // A status the form does not offer (e.g. Completed) is kept by leaving it out.
  if (!input.status) delete input.status;
  try {
    const result = await updateTask(params.id ?? '', input);
    return { outcome: result.modifiedCount > 0 ? 'updated' : 'unchanged' };
  } catch (error) {
    const issues = error instanceof ApiError ? error.issues : undefined;
    return { outcome: 'error', detail: errorMessage(error, ''), errors: fieldErrors(issues) };
  }
}

const DIALOGS: Record<UpdateOutcome['outcome'], { tone: DialogTone; title: string; text: string }> =
  {
    updated: { tone: 'success', title: 'Success!', text: 'Task updated successfully.' },
    unchanged: { tone: 'info', title: 'No Changes', text: 'No updates were made to the task.' },
    error: { tone: 'error', title: 'Error', text: 'Failed to update task.' },
  };

/** /update-task/:id (protected, owner only): the create form, prefilled. */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const actionData = useActionData<UpdateOutcome>();
  const dialog = useActionDialog(actionData);

  const { task } = data;
  if (task.userEmail === undefined) {
    return <NotYourTask what="edit" taskId={task._id} title={task.title} />;
  }

  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (index > 0 ? navigate(-1) : navigate(`/browse-tasks/${task._id}`));
  };
  const result = dialog.current;
  const shown = result ? DIALOGS[result.outcome] : null;

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
        submitting={navigation.state === 'submitting'}
        errors={actionData?.outcome === 'error' ? actionData.errors : undefined}
      />
      <AppDialog
        open={shown !== null}
        tone={shown?.tone}
        title={shown?.title ?? ''}
        onClose={() => {
          dialog.close();
          if (result?.outcome === 'updated') void navigate('/my-tasks');
        }}
      >
        <p>{shown?.text}</p>
        {result?.outcome === 'error' && result.detail ? (
          <p className="mt-2 text-sm">{result.detail}</p>
        ) : null}
      </AppDialog>
    </FormPageCard>
  );
}
