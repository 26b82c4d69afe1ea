import { DollarSign } from 'lucide-react';
import type { Ref } from 'react';
import { Form } from 'react-router';
import { CATEGORIES, PRIORITIES } from '../../../../shared/constants.ts';
import { earliestToday, OWNER_STATUSES } from '../../../../shared/lifecycle.ts';
import { TASK_LIMITS } from '../../../../shared/limits.ts';
import type { Task } from '../../../../shared/tasks.ts';
import type { ErrorIssue } from '../../../../shared/errors.ts';
import { FieldErrorsContext, useFieldErrors } from '../../../components/ui/field-errors.ts';
import { InputField } from '../../../components/ui/input-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';

interface TaskFormProps {
  /** The task being edited; none for a new task. */
  task?: Task;
  owner: { email: string; name: string };
  submitLabel: string;
  submitting: boolean;
  /** The server's issues with the fields it refused, shown beside them. */
  issues?: readonly ErrorIssue[];
  formRef?: Ref<HTMLFormElement>;
}

/** The statuses an owner sets by hand; In Progress and Completed come from the lifecycle. */
const OWNER_STATUS_LIST: readonly string[] = OWNER_STATUSES;

/**
 * The create/update form. Validation is the browser's own (required, the limits of
 * `TASK_LIMITS`, type=url with an https pattern, type=date); the route's action sends it and
 * the server checks again, its refusals shown beside the fields.
 */
export function TaskForm({ task, owner, submitLabel, submitting, issues, formRef }: TaskFormProps) {
  const errors = useFieldErrors(issues);
  const keptStatus =
    task && !OWNER_STATUS_LIST.includes(task.status)
      ? [{ value: '', label: `${task.status} (keep)` }]
      : [];
  return (
    <FieldErrorsContext value={errors}>
      <Form method="post" ref={formRef} className="grid gap-5 md:grid-cols-2">
        <InputField
          label="Task Image URL"
          note="(optional, https)"
          className="md:col-span-2"
          name="imageUrl"
          type="url"
          {...TASK_LIMITS.imageUrl}
          placeholder="https://example.com/image.jpg"
          defaultValue={task?.imageUrl ?? ''}
        />
        <InputField
          label="Task Title"
          className="md:col-span-2"
          name="title"
          required
          {...TASK_LIMITS.title}
          placeholder="e.g. Build a landing page"
          defaultValue={task?.title ?? ''}
        />
        <SelectField
          label="Priority Level"
          name="priority"
          required
          placeholder="Select priority"
          options={PRIORITIES}
          defaultValue={task?.priority ?? ''}
        />
        <SelectField
          label="Category"
          name="category"
          required
          placeholder="Select category"
          options={CATEGORIES}
          defaultValue={task?.category ?? ''}
        />
        <InputField
          label="Deadline"
          name="deadline"
          type="date"
          required
          {...TASK_LIMITS.deadline}
          min={task ? TASK_LIMITS.deadline.min : earliestToday()}
          defaultValue={task?.deadline ?? ''}
        />
        <InputField
          label="Estimated Time (hours)"
          note="(optional)"
          name="estimatedTime"
          type="number"
          {...TASK_LIMITS.estimatedTime}
          inputMode="decimal"
          placeholder="e.g. 8"
          defaultValue={task?.estimatedTime ?? ''}
        />
        <TextareaField
          label="Task Description"
          className="md:col-span-2"
          name="description"
          rows={5}
          required
          {...TASK_LIMITS.description}
          placeholder="Describe what needs to be done, the skills it takes and what you expect."
          defaultValue={task?.description ?? ''}
        />
        <InputField
          label="Budget"
          note="(optional)"
          name="budget"
          type="number"
          {...TASK_LIMITS.budget}
          inputMode="decimal"
          placeholder="0.00"
          leading={<DollarSign className="size-4 text-base-content/70" aria-hidden="true" />}
          defaultValue={task?.budget ?? ''}
        />
        <SelectField
          label="Initial Status"
          name="status"
          options={[...keptStatus, ...OWNER_STATUSES]}
          defaultValue={keptStatus.length > 0 ? '' : (task?.status ?? 'Not Started')}
        />
        <InputField
          label="Location"
          note="(optional)"
          className="md:col-span-2"
          name="location"
          {...TASK_LIMITS.location}
          placeholder="e.g. Remote, Berlin"
          defaultValue={task?.location ?? ''}
        />
        <InputField label="Your Email" value={owner.email} readOnly />
        <InputField label="Your Name" value={owner.name} readOnly />
        <div className="md:col-span-2">
          <SubmitButton busy={submitting} busyLabel="Saving" className="w-full">
            {submitLabel}
          </SubmitButton>
        </div>
      </Form>
    </FieldErrorsContext>
  );
}
