import { describe, expect, it } from 'vitest';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a Node test, never bundled
import {
  DESCRIPTION_MAX,
  IMAGE_URL_MAX,
  LOCATION_MAX,
  SEARCH_MAX,
  TITLE_MAX,
} from '../../../../shared/tasks.ts';
import { FIELD_LIMITS } from './field-limits.ts';

describe('FIELD_LIMITS', () => {
  it('matches the server schema limits', () => {
    expect(FIELD_LIMITS).toEqual({
      title: TITLE_MAX,
      description: DESCRIPTION_MAX,
      imageUrl: IMAGE_URL_MAX,
      location: LOCATION_MAX,
      search: SEARCH_MAX,
    });
  });
});
