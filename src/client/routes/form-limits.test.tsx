/**
 * Each form's constraint attributes agree with the schema the server checks it against. The
 * forms are rendered to HTML; every named input and textarea is read back, and each of its
 * limits (or the absence of one) is tried against the schema at the boundary: a value the
 * browser lets through must pass the server, one it stops must fail there too.
 */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
// A test, not part of the bundle: it checks the forms against the zod schemas themselves.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import type { z } from 'zod';
import { earliestToday } from '../../shared/lifecycle.ts';
import { patternRegExp } from '../../shared/limits.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { createBidSchema } from '../../shared/bids/schema.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { answerQuestionSchema, askQuestionSchema } from '../../shared/questions/schema.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { createTaskSchema, updateTaskSchema, type Task } from '../../shared/tasks/schema.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import {
  changeEmailSchema,
  emailOnlySchema,
  newPasswordSchema,
  signUpSchema,
  updateProfileSchema,
} from '../../shared/users/schema.ts';
import { AuthContext, type AuthContextValue } from '../lib/auth/auth-context.ts';
import { ChangeEmailForm } from '../features/account/components/change-email-form.tsx';
import { ProfileForm } from '../features/auth/components/profile-form.tsx';
import { BidForm } from '../features/bids/components/bid-form.tsx';
import { QuestionTextForm } from '../features/questions/components/question-text-form.tsx';
import { TaskForm } from '../features/tasks/components/task-form.tsx';
import { Component as ForgotPasswordPage } from './forgot-password.tsx';
import { Component as ResetPasswordPage } from './reset-password.tsx';
import { Component as SignUpPage } from './signup.tsx';

type Attributes = Record<string, string>;

/** The named inputs (not hidden ones) and textareas of some HTML, with their attributes (names lower-cased). */
function controls(html: string): Map<string, Attributes> {
  const found = new Map<string, Attributes>();
  for (const [, tag, body] of html.matchAll(/<(input|textarea)\b([^>]*)>/g)) {
    const attributes: Attributes = { tag: tag ?? '' };
    for (const [, key, value] of (body ?? '').matchAll(/([\w-]+)(?:="([^"]*)")?/g)) {
      attributes[(key ?? '').toLowerCase()] = value ?? '';
    }
    // Hidden fields (a fetcher form's `intent`) are not typed by anyone, and a picked photo is
    // the upload route's to check (its size and type; photos.test.ts): no limits to agree on.
    const untyped = attributes.type === 'hidden' || attributes.type === 'file';
    if (attributes.name && !untyped) found.set(attributes.name, attributes);
  }
  return found;
}

function render(
  element: ReactElement,
  user: AuthContextValue['user'] = null,
  // What the screen's loader gives it (the sign-up screen's: Google sign-in not configured).
  screen: object = { googleEnabled: false },
): string {
  const auth = { user, loading: false } as AuthContextValue;
  const Stub = createRoutesStub([
    {
      id: 'screen',
      path: '/',
      Component: () => <AuthContext value={auth}>{element}</AuthContext>,
    },
  ]);
  return renderToString(<Stub initialEntries={['/']} hydrationData={{ loaderData: { screen } }} />);
}

/** A value of `length` characters that is otherwise valid for a field of this type. */
function textOfLength(type: string | undefined, length: number): string {
  const prefix = type === 'url' ? 'https://example.com/' : '';
  const suffix = type === 'email' ? '@example.com' : '';
  return prefix + 'a'.repeat(Math.max(length - prefix.length - suffix.length, 1)) + suffix;
}

const dayBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface FormCase {
  name: string;
  html: () => string;
  schema: z.ZodType;
  /** A valid payload; each probe replaces one field. */
  valid: Record<string, unknown>;
  /** The API's name for a form field, where it differs. */
  apiNames?: Record<string, string>;
}

/** Whether the schema accepts `value` typed into the field, as the screen sends it. */
function accepts(form: FormCase, field: Attributes, value: string): boolean {
  const key = form.apiNames?.[field.name ?? ''] ?? field.name ?? '';
  const sent = field.type === 'number' ? (value === '' ? null : Number(value)) : value;
  const payload = { ...form.valid, [key]: sent };
  // The bid screen sends an empty message as null.
  if (sent === '' && key === 'message') payload[key] = null;
  return form.schema.safeParse(payload).success;
}

/** What the browser's constraints say about a value, next to what the schema says. */
function verdicts(form: FormCase, field: Attributes) {
  const checks: { value: string; browser: boolean; server: boolean }[] = [];
  const check = (value: string, browser: boolean) =>
    checks.push({ value: value.slice(0, 40), browser, server: accepts(form, field, value) });

  check('', field.required === undefined);
  if (field.type === 'number') {
    const step = Number(field.step ?? 1);
    const min = field.min === undefined ? undefined : Number(field.min);
    const max = field.max === undefined ? undefined : Number(field.max);
    const base = min ?? 0;
    if (min !== undefined) check(String(min - step), false);
    else check('-1000000000000', true);
    if (max !== undefined) check(String(max + step), false);
    else check('1000000000000000', true);
    if (max !== undefined) check(String(max), true);
    check(String(base + step), true);
    check(String(base + step / 2), false);
  } else if (field.type === 'date') {
    if (field.min !== undefined) check(dayBefore(field.min, -1), false);
    else check('1900-01-01', true);
    if (field.max !== undefined) check(dayBefore(field.max, 1), false);
    else check('2200-01-01', true);
    check(field.min ?? '2030-01-01', true);
    check(field.max ?? '2030-01-01', true);
  } else {
    const max = field.maxlength === undefined ? undefined : Number(field.maxlength);
    const min = field.minlength === undefined ? undefined : Number(field.minlength);
    if (max !== undefined) {
      check(textOfLength(field.type, max), true);
      check(textOfLength(field.type, max + 1), false);
    } else check(textOfLength(field.type, 20_000), true);
    if (min !== undefined) {
      check(textOfLength(field.type, min), true);
      check(textOfLength(field.type, min - 1), false);
    } else if (field.required !== undefined) check(textOfLength(field.type, 1), true);
    if (field.pattern !== undefined) {
      const pattern = patternRegExp(field.pattern);
      for (const sample of [
        'https://example.com/a.png',
        'http://example.com/a.png',
        'ftp://example.com/a',
        'example.com/a.png',
      ]) {
        check(sample, pattern.test(sample));
      }
    }
  }
  return checks;
}

const task: Task = {
  _id: 't1',
  title: 'Paint a fence',
  description: 'White, two coats.',
  imageUrl: null,
  priority: 'Low',
  category: 'Personal',
  deadline: '2030-01-01',
  estimatedTime: null,
  budget: 100,
  price: 100,
  status: 'Completed',
  location: null,
  assignedTo: null,
  userId: 'u1',
  userName: 'Ada',
  userRating: { average: null, count: 0 },
  userEmail: 'ada@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const owner = { email: 'ada@example.com', name: 'Ada' };
const validTask = {
  title: 'Paint a fence',
  description: 'White, two coats.',
  priority: 'Low',
  category: 'Personal',
  deadline: '2030-01-01',
  status: 'Not Started',
};
const user = {
  id: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada',
  photoURL: null,
  emailVerified: true,
  role: 'user' as const,
  viewingUntil: null,
};

const FORMS: FormCase[] = [
  {
    name: 'create task',
    html: () => render(<TaskForm owner={owner} submitLabel="Create Task" submitting={false} />),
    schema: createTaskSchema,
    valid: validTask,
  },
  {
    name: 'update task',
    html: () =>
      render(<TaskForm task={task} owner={owner} submitLabel="Update Task" submitting={false} />),
    // The repository's rule too: a changed deadline must not be past (an unchanged one stays).
    schema: updateTaskSchema.refine(
      (v) => v.deadline === task.deadline || v.deadline >= earliestToday(),
    ),
    valid: validTask,
  },
  {
    // An old deadline may stay; a changed one is today or later (the date picker's min).
    name: 'update task with a past deadline',
    html: () =>
      render(
        <TaskForm
          task={{ ...task, deadline: '2020-03-01' }}
          owner={owner}
          submitLabel="Update Task"
          submitting={false}
        />,
      ),
    schema: updateTaskSchema.refine(
      (v) => v.deadline === '2020-03-01' || v.deadline >= earliestToday(),
    ),
    valid: { ...validTask, deadline: '2020-03-01' },
  },
  {
    name: 'bid',
    html: () => render(<BidForm submitting={false} />),
    schema: createBidSchema,
    valid: { taskId: 't1', amount: 250, deadline: '2030-01-01', message: null },
  },
  {
    name: 'question',
    html: () => render(<QuestionTextForm intent="ask" />),
    schema: askQuestionSchema,
    valid: { text: 'Which colour?' },
  },
  {
    name: 'answer',
    html: () => render(<QuestionTextForm intent="answer" questionId="q1" />),
    schema: answerQuestionSchema,
    valid: { answer: 'White.' },
  },
  {
    name: 'sign-up',
    html: () => render(<SignUpPage />),
    schema: signUpSchema,
    valid: { name: 'Ada', email: 'ada@example.com', password: 'long enough', image: '' },
    apiNames: { photoURL: 'image' },
  },
  {
    name: 'profile',
    html: () => render(<ProfileForm user={user!} />, user),
    schema: updateProfileSchema,
    valid: { name: 'Ada', image: '' },
    apiNames: { photoURL: 'image' },
  },
  {
    name: 'forgot password',
    html: () => render(<ForgotPasswordPage />),
    schema: emailOnlySchema,
    valid: { email: 'ada@example.com' },
  },
  {
    name: 'reset password',
    html: () => render(<ResetPasswordPage />, null, { token: 'a-token', problem: null }),
    schema: newPasswordSchema,
    valid: { token: 'a-token', newPassword: 'long enough' },
    // Confirm password is checked against New password in the browser, under the same rule.
    apiNames: { confirmPassword: 'newPassword' },
  },
  {
    name: 'change e-mail',
    html: () => render(<ChangeEmailForm currentEmail="ada@example.com" hasPassword />, user),
    schema: changeEmailSchema,
    valid: { newEmail: 'ada@example.org', currentPassword: 'my-password' },
  },
];

/** The task form's limited fields, the same when it creates and when it updates. */
const TASK_FORM_FIELDS = [
  'imageUrl',
  'title',
  'deadline',
  'estimatedTime',
  'description',
  'budget',
  'location',
];

const EXPECTED_FIELDS: Record<string, string[]> = {
  'create task': TASK_FORM_FIELDS,
  'update task': TASK_FORM_FIELDS,
  'update task with a past deadline': TASK_FORM_FIELDS,
  bid: ['amount', 'deadline', 'message'],
  question: ['text'],
  answer: ['answer'],
  'sign-up': ['name', 'email', 'photoURL', 'password'],
  profile: ['name', 'photoURL'],
  'forgot password': ['email'],
  'reset password': ['newPassword', 'confirmPassword'],
  'change e-mail': ['newEmail', 'currentPassword'],
};

describe.each(FORMS)('the $name form', (form) => {
  const fields = controls(form.html());

  it('renders the fields it sends', () => {
    expect([...fields.keys()].sort()).toEqual([...(EXPECTED_FIELDS[form.name] ?? [])].sort());
  });

  it.each([...fields.values()].map((field) => [field.name, field] as const))(
    '%s: the browser and the server agree at every limit',
    (_name, field) => {
      for (const { value, browser, server } of verdicts(form, field)) {
        expect({ value, server }).toEqual({ value, server: browser });
      }
    },
  );
});
