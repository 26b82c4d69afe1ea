import { DollarSign } from 'lucide-react';
import { useId, type Ref } from 'react';
import { Form } from 'react-router';
import {
  CATEGORIES,
  FORM_STATUSES,
  PRIORITIES,
  TITLE_MAX,
  DESCRIPTION_MAX,
  IMAGE_URL_MAX,
  LOCATION_MAX,
} from '../../../../shared/constants.ts';
import type { Task } from '../../../../shared/tasks.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';

interface TaskFormProps {
  /** The task being edited; none for a new task. */
  task?: Task;
  owner: { email: string; name: string };
  submitLabel: string;
  submitting: boolean;
  formRef?: Ref<HTMLFormElement>;
}

const FORM_STATUS_LIST: readonly string[] = FORM_STATUSES;

/**
 * The create/update form. Validation is the browser's own (required, min, step, type=url
 * with an https pattern, type=date); the route's action sends it and the server checks again.
 */
export function TaskForm({ task, owner, submitLabel, submitting, formRef }: TaskFormProps) {
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const statusIsFormStatus = !task || FORM_STATUS_LIST.includes(task.status);
  return (
    <Form method="post" ref={formRef} className="grid gap-5 md:grid-cols-2">
      <FormField
        id={f('imageUrl')}
        label="Task Image URL"
        hint="(optional, https)"
        className="md:col-span-2"
      >
        <input
          id={f('imageUrl')}
          name="imageUrl"
          type="url"
          pattern="https://.*"
          maxLength={IMAGE_URL_MAX}
          placeholder="https://example.com/image.jpg"
          defaultValue={task?.imageUrl ?? ''}
          className="input w-full"
        />
      </FormField>
      <FormField id={f('title')} label="Task Title" className="md:col-span-2">
        <input
          id={f('title')}
          name="title"
          required
          maxLength={TITLE_MAX}
          placeholder="e.g. Build a landing page"
          defaultValue={task?.title ?? ''}
          className="input w-full"
        />
      </FormField>
      <FormField id={f('priority')} label="Priority Level">
        <select
          id={f('priority')}
          name="priority"
          required
          defaultValue={task?.priority ?? ''}
          className="select w-full"
        >
          <option value="" disabled>
            Select priority
          </option>
          {PRIORITIES.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
      </FormField>
      <FormField id={f('category')} label="Category">
        <select
          id={f('category')}
          name="category"
          required
          defaultValue={task?.category ?? ''}
          className="select w-full"
        >
          <option value="" disabled>
            Select category
          </option>
          {CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </FormField>
      <FormField id={f('deadline')} label="Deadline">
        <input
          id={f('deadline')}
          name="deadline"
          type="date"
          required
          defaultValue={task?.deadline ?? ''}
          className="input w-full"
        />
      </FormField>
      <FormField id={f('estimatedTime')} label="Estimated Time (hours)" hint="(optional)">
        <input
          id={f('estimatedTime')}
          name="estimatedTime"
          type="number"
          min={0}
          step={0.5}
          inputMode="decimal"
          placeholder="e.g. 8"
          defaultValue={task?.estimatedTime ?? ''}
          className="input w-full"
        />
      </FormField>
      <FormField id={f('description')} label="Task Description" className="md:col-span-2">
        <textarea
          id={f('description')}
          name="description"
          rows={5}
          required
          maxLength={DESCRIPTION_MAX}
          placeholder="Describe what needs to be done, the skills it takes and what you expect."
          defaultValue={task?.description ?? ''}
          className="textarea w-full"
        />
      </FormField>
      <FormField id={f('budget')} label="Budget" hint="(optional)">
        <div className="input w-full">
          <DollarSign className="size-4 text-base-content/70" aria-hidden="true" />
          <input
            id={f('budget')}
            name="budget"
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            placeholder="0.00"
            defaultValue={task?.budget ?? ''}
            className="grow"
          />
        </div>
      </FormField>
      <FormField id={f('status')} label="Initial Status">
        <select
          id={f('status')}
          name="status"
          defaultValue={statusIsFormStatus ? (task?.status ?? 'Not Started') : ''}
          className="select w-full"
        >
          {statusIsFormStatus ? null : <option value="">{task?.status} (keep)</option>}
          {FORM_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </FormField>
      <FormField id={f('location')} label="Location" hint="(optional)" className="md:col-span-2">
        <input
          id={f('location')}
          name="location"
          maxLength={LOCATION_MAX}
          placeholder="e.g. Remote, Berlin"
          defaultValue={task?.location ?? ''}
          className="input w-full"
        />
      </FormField>
      <FormField id={f('email')} label="Your Email">
        <input id={f('email')} value={owner.email} readOnly className="input w-full bg-base-200" />
      </FormField>
      <FormField id={f('name')} label="Your Name">
        <input id={f('name')} value={owner.name} readOnly className="input w-full bg-base-200" />
      </FormField>
      <div className="md:col-span-2">
        <SubmitButton busy={submitting} busyLabel="Saving" className="w-full">
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}
