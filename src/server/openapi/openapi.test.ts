import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/setup/test-app.ts';

describe('GET /api/openapi.json', () => {
  const t = useTestApp();

  it('describes every marketplace call from the same zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const methods = Object.fromEntries(
      Object.entries(doc.paths as Record<string, object>).map(([path, ops]) => [
        path,
        Object.keys(ops).sort(),
      ]),
    );
    expect(methods).toEqual({
      '/api/tasks': ['get', 'post'],
      '/api/tasks/categories': ['get'],
      '/api/tasks/{id}': ['delete', 'get', 'put'],
      '/api/tasks/{id}/complete': ['post'],
      '/api/tasks/{id}/cancel-assignment': ['post'],
      '/api/tasks/{id}/events': ['get'],
      '/api/bids': ['get', 'post'],
      '/api/bids/mine': ['get'],
      '/api/bids/{id}/accept': ['post'],
      '/api/newsletter': ['post'],
      '/api/notifications': ['get'],
      '/api/notifications/unread-count': ['get'],
      '/api/notifications/{id}/read': ['post'],
      '/api/notifications/read-all': ['post'],
      '/api/notifications/events': ['get'],
    });
    const create = doc.paths['/api/tasks'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['title', 'description', 'priority', 'category', 'deadline']);
    expect(body.properties.category.enum).toContain('Web Development');
    expect(body.properties.title.maxLength).toBe(200);
    expect(Object.keys(create.responses).sort()).toEqual(['201', '400', '401']);
    const list = doc.paths['/api/tasks'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining([
        'search',
        'category',
        'minPrice',
        'maxPrice',
        'location',
        'skills',
        'sort',
        'page',
        'limit',
        'email',
      ]),
    );
    const task = list.responses['200'].content['application/json'].schema.items;
    expect(task.required).toEqual(expect.arrayContaining(['_id', 'budget', 'price', 'createdAt']));
    expect(task.required).not.toContain('userEmail');
  });
});
