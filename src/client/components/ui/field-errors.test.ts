import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors.ts';

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
          { path: 'image', message: 'Photo URL must be an http(s) address' },
          { path: 'body', message: 'must be an object' },
          { path: '', message: 'Invalid body' },
        ],
        { image: 'photoURL' },
      ),
    ).toEqual({ photoURL: 'Photo URL must be an http(s) address' });
  });

  it('is empty without issues', () => {
    expect(fieldErrors(undefined)).toEqual({});
  });
});
