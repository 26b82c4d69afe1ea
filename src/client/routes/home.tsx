import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { AccountDeletedDialog } from '../features/account/components/account-deleted-dialog.tsx';
import { fetchCategoryCounts, fetchFeaturedTasks } from '../features/home/api/home-api.ts';
import { CategoryGrid } from '../features/home/components/category-grid.tsx';
import { FeaturedTasks } from '../features/home/components/featured-tasks.tsx';
import { Hero } from '../features/home/components/hero.tsx';
import { HowItWorksSteps } from '../features/home/components/how-it-works-steps.tsx';
import { HOME_TITLE } from '../../shared/pages/home.ts';

/**
 * Starts both sections' data without waiting for it: the hero and the steps show at once,
 * each section shows its skeleton until its own data arrives.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return {
    featured: fetchFeaturedTasks(request.signal),
    categories: fetchCategoryCounts(request.signal),
  };
}

/** / (loaded on demand): hero, featured tasks, categories, how it works. */
export function Component() {
  const { featured, categories } = useLoaderData<typeof loader>();
  return (
    <>
      <title>{HOME_TITLE}</title>
      <Hero />
      <FeaturedTasks tasks={featured} />
      <CategoryGrid counts={categories} />
      <HowItWorksSteps />
      <AccountDeletedDialog />
    </>
  );
}
