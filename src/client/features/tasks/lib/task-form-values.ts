import type { CreateTaskInput } from '../../../../shared/tasks/schema.ts';

type Priority = CreateTaskInput['priority'];
type Category = CreateTaskInput['category'];
type Status = NonNullable<CreateTaskInput['status']>;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** '' is "no value" (null); anything else a number (the browser has checked the format). */
function optionalNumber(form: FormData, name: string): number | null {
  const value = text(form, name);
  return value === '' ? null : Number(value);
}

/**
 * The create/update form as the API's payload. Identity fields are not sent: the server
 * takes the owner from the session. The server's zod schema checks every value again.
 */
export function taskInputFromForm(form: FormData): CreateTaskInput {
  return {
    imageUrl: text(form, 'imageUrl'),
    title: text(form, 'title'),
    priority: text(form, 'priority') as Priority,
    category: text(form, 'category') as Category,
    deadline: text(form, 'deadline'),
    estimatedTime: optionalNumber(form, 'estimatedTime'),
    description: text(form, 'description'),
    budget: optionalNumber(form, 'budget'),
    status: text(form, 'status') as Status,
    location: text(form, 'location'),
  };
}
