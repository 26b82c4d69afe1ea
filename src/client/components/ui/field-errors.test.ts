import { describe, expect, it } from 'vitest';
import { fieldErrors, onlyFieldIssues } from './field-errors.ts';

describe('fieldErrors', () => {
  it('names each field by the first segment after body, first message winning', () => {
    expect(
      fieldErrors([
        { path: 'body.title', message: 'is required' },
        { path: 'body.title', message: 'is too long' },
        { path: 'body.budget', message: 'must be in steps of 0.01' },
      ]),
    ).toEqual({ title: 'is required', budget: 'must be in steps of 0.01' });
  });

  it("renames the API's field to the form's and leaves issues about no field out", () => {
    expect(
      fieldErrors(
        [
          {
            path: 'image',
            message: 'Photo URL must be a public https:// address, without a user name or password',
          },
          { path: 'body', message: 'must be an object' },
          { path: '', message: 'Invalid body' },
        ],
        { image: 'photoURL' },
      ),
    ).toEqual({
      photoURL: 'Photo URL must be a public https:// address, without a user name or password',
    });
  });

  it('is empty without issues', () => {
    expect(fieldErrors(undefined)).toEqual({});
  });
});

describe('onlyFieldIssues', () => {
  const fields = ['title', 'deadline'];
  it.each([
    [[{ path: 'body.deadline', message: 'must be today or later' }], true],
    [
      [
        { path: 'body.title', message: 'is required' },
        { path: 'body.deadline', message: 'x' },
      ],
      true,
    ],
    // A field the form does not have, a refusal of the whole body, or none at all: the dialog.
    [
      [
        { path: 'body.deadline', message: 'x' },
        { path: 'body.userId', message: 'x' },
      ],
      false,
    ],
    [[{ path: 'body', message: 'must be an object' }], false],
    [[], false],
    [undefined, false],
  ])('%j → %s', (issues, expected) => {
    expect(onlyFieldIssues(issues, fields)).toBe(expected);
  });
});
