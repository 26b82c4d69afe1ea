import { DollarSign } from 'lucide-react';
import { Fragment, type ReactNode, type Ref } from 'react';
import { Form } from 'react-router';
import { CATEGORIES, PRIORITIES } from '../../../../shared/constants.ts';
import { earliestToday, OWNER_STATUSES } from '../../../../shared/lifecycle.ts';
import { TASK_LIMITS } from '../../../../shared/limits.ts';
import type { Task } from '../../../../shared/tasks/schema.ts';
import type { Photo } from '../../../../shared/photos/schema.ts';
import type { ErrorIssue } from '../../../../shared/errors.ts';
import { FieldErrorsContext, useFieldErrors } from '../../../components/ui/field-errors.ts';
import { InputField } from '../../../components/ui/input-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { TaskPhotosField } from './task-photos-field.tsx';

interface TaskFormProps {
  /** The task being edited; none for a new task. */
  task?: Task;
  owner: { email: string; name: string };
  submitLabel: string;
  submitting: boolean;
  /** The server's issues with the fields it refused, shown beside them. */
  issues?: readonly ErrorIssue[];
  formRef?: Ref<HTMLFormElement>;
  /** The photos the task has (update); new ones are picked in the form. */
  photos?: readonly Photo[];
}

/** The statuses an owner sets by hand; In Progress and Completed come from the lifecycle. */
const OWNER_STATUS_LIST: readonly string[] = OWNER_STATUSES;

type Limited = keyof typeof TASK_LIMITS;

interface FieldSpec {
  name: Limited | 'priority' | 'category';
  label: string;
  /** The whole row on wide screens. */
  wide?: boolean;
  note?: string;
  required?: boolean;
  placeholder?: string;
  /** A select of these options, a text box of this many rows, or an input of `type`. */
  options?: readonly string[];
  rows?: number;
  type?: 'url' | 'date' | 'number';
  leading?: ReactNode;
  /** The rule in words, under the field. */
  hint?: string;
}

/** The task's own fields in the form's order (the status and the owner follow). */
const FIELDS: readonly FieldSpec[] = [
  {
    name: 'imageUrl',
    label: 'Task Image URL',
    note: '(optional, https)',
    wide: true,
    type: 'url',
    placeholder: 'https://example.com/image.jpg',
    hint: 'A public address starting with https:// (http:// is refused).',
  },
  {
    name: 'title',
    label: 'Task Title',
    wide: true,
    required: true,
    placeholder: 'e.g. Build a landing page',
  },
  {
    name: 'priority',
    label: 'Priority Level',
    required: true,
    placeholder: 'Select priority',
    options: PRIORITIES,
  },
  {
    name: 'category',
    label: 'Category',
    required: true,
    placeholder: 'Select category',
    options: CATEGORIES,
  },
  { name: 'deadline', label: 'Deadline', required: true, type: 'date', hint: 'Today or later.' },
  {
    name: 'estimatedTime',
    label: 'Estimated Time (hours)',
    note: '(optional)',
    type: 'number',
    placeholder: 'e.g. 8',
  },
  {
    name: 'description',
    label: 'Task Description',
    wide: true,
    rows: 5,
    required: true,
    placeholder: 'Describe what needs to be done, the skills it takes and what you expect.',
  },
  {
    name: 'budget',
    label: 'Budget',
    note: '(optional)',
    type: 'number',
    placeholder: '0.00',
    leading: <DollarSign className="size-4 text-base-content/70" aria-hidden="true" />,
    hint: `In US dollars, $${TASK_LIMITS.budget.max.toLocaleString('en-US')} at most.`,
  },
];

/** Every field the form sends: a refusal naming only these is shown beside them. */
export const TASK_FORM_FIELDS: readonly string[] = [
  ...FIELDS.map((spec) => spec.name),
  'status',
  'location',
];

/**
 * The earliest deadline the date picker offers: today where it is earliest, as the server
 * decides (lifecycle.ts), so nobody's "today" is refused; an edited task may keep its past
 * deadline, while a changed one must be today or later.
 */
export function minDeadline(task: Task | undefined, now = new Date()): string {
  const today = earliestToday(now);
  return task && task.deadline < today ? task.deadline : today;
}

/** One field of `FIELDS`, with its limits and the task's value (empty for a new task). */
function TaskField({ spec, task }: { spec: FieldSpec; task: Task | undefined }) {
  const { name, wide, options, rows, type, leading, ...rest } = spec;
  const field = {
    ...rest,
    name,
    className: wide ? 'md:col-span-2' : undefined,
    defaultValue: task?.[name] ?? '',
  };
  if (options) return <SelectField {...field} options={options} />;
  const limits = TASK_LIMITS[name as Limited];
  if (rows) return <TextareaField {...field} rows={rows} {...limits} />;
  return (
    <InputField
      {...field}
      type={type}
      leading={leading}
      {...limits}
      inputMode={type === 'number' ? 'decimal' : undefined}
      {...(name === 'deadline' ? { min: minDeadline(task) } : {})}
    />
  );
}

/**
 * The create/update form. Validation is the browser's own (required, the limits of
 * `TASK_LIMITS`, type=url with an https pattern, type=date); the route's action sends it and
 * the server checks again, its refusals shown beside the fields.
 */
export function TaskForm({
  task,
  owner,
  submitLabel,
  submitting,
  issues,
  formRef,
  photos,
}: TaskFormProps) {
  const errors = useFieldErrors(issues);
  const keptStatus =
    task && !OWNER_STATUS_LIST.includes(task.status)
      ? [{ value: '', label: `${task.status} (keep)` }]
      : [];
  return (
    <FieldErrorsContext value={errors}>
      <Form
        method="post"
        encType="multipart/form-data"
        ref={formRef}
        className="grid gap-5 md:grid-cols-2"
      >
        {FIELDS.map((spec) => (
          <Fragment key={spec.name}>
            <TaskField spec={spec} task={task} />
            {spec.name === 'imageUrl' ? <TaskPhotosField photos={photos} /> : null}
          </Fragment>
        ))}
        <SelectField
          label="Initial Status"
          name="status"
          options={[...keptStatus, ...OWNER_STATUSES]}
          defaultValue={keptStatus.length > 0 ? '' : (task?.status ?? 'Not Started')}
        />
        <TaskField
          spec={{
            name: 'location',
            label: 'Location',
            note: '(optional)',
            wide: true,
            placeholder: 'e.g. Remote, Berlin',
          }}
          task={task}
        />
        <InputField label="Your Email" value={owner.email} readOnly />
        <InputField label="Your Name" value={owner.name} readOnly />
        <div className="md:col-span-2">
          <SubmitButton
            busy={submitting}
            busyLabel="Saving"
            className="w-full"
            label={submitLabel}
          />
        </div>
      </Form>
    </FieldErrorsContext>
  );
}
