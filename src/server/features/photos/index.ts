import type { Feature } from '../../platform/feature.ts';
import { photoPersonalData } from './personal-data.ts';
import { photoRoutes } from './routes.ts';

/** Uploaded photos: a person's profile photo and the photos of their tasks. */
export const photosFeature: Feature = {
  name: 'photos',
  routes: photoRoutes,
  personalData: photoPersonalData,
};
