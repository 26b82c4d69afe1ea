import { CategoryGrid } from '../features/home/components/category-grid.tsx';
import { FeaturedTasks } from '../features/home/components/featured-tasks.tsx';
import { Hero } from '../features/home/components/hero.tsx';
import { HowItWorksSteps } from '../features/home/components/how-it-works-steps.tsx';

/** / (loaded on demand): hero, featured tasks, categories, how it works. */
export function Component() {
  return (
    <>
      <title>TaskBid · Get tasks done by skilled professionals</title>
      <Hero />
      <FeaturedTasks />
      <CategoryGrid />
      <HowItWorksSteps />
    </>
  );
}
