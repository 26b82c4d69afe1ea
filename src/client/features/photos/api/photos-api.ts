import type { Photo } from '../../../../shared/photos/schema.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Makes the picked file my profile photo (the server crops it to a square). */
export function uploadProfilePhoto(file: File): Promise<Photo> {
  return apiRequest<Photo>('/me/photo', { method: 'PUT', body: file });
}

/** I have no profile photo any more. */
export async function removeProfilePhoto(): Promise<void> {
  await apiRequest('/me/photo', { method: 'DELETE' });
}

export function fetchTaskPhotos(taskId: string, signal?: AbortSignal): Promise<Photo[]> {
  return apiRequest<Photo[]>(`/tasks/${encodeURIComponent(taskId)}/photos`, { signal });
}

export function addTaskPhoto(taskId: string, file: File): Promise<Photo> {
  return apiRequest<Photo>(`/tasks/${encodeURIComponent(taskId)}/photos`, {
    method: 'POST',
    body: file,
  });
}

export async function removePhoto(photoId: string): Promise<void> {
  await apiRequest(`/photos/${encodeURIComponent(photoId)}`, { method: 'DELETE' });
}

/** The picked files a form posted under `name` (an empty file input posts one empty file). */
export function pickedFiles(form: FormData, name: string): File[] {
  return form
    .getAll(name)
    .filter((value): value is File => value instanceof File && value.size > 0);
}

/**
 * Adds the picked files to a task one by one; the first refusal stops and is thrown (the
 * photos before it are kept).
 */
export async function addTaskPhotos(taskId: string, files: readonly File[]): Promise<void> {
  for (const file of files) await addTaskPhoto(taskId, file);
}
