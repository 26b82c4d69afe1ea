import { DollarSign } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
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
  { name: 'deadline', label: 'Deadline', required: true, type: 'date' },
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
  },
];

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
      // A new task's deadline is today at the earliest; an old one may keep its past date.
      {...(name === 'deadline' && !task ? { min: earliestToday() } : {})}
    />
  );
}

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
        {FIELDS.map((spec) => (
          <TaskField key={spec.name} spec={spec} task={task} />
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
