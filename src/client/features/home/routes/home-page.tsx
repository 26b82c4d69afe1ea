import { CategoryGrid } from '../components/category-grid.tsx';
import { FeaturedTasks } from '../components/featured-tasks.tsx';
import { Hero } from '../components/hero.tsx';
import { HowItWorksSteps } from '../components/how-it-works-steps.tsx';

/** / (loaded on demand): hero, featured tasks, categories, how it works. */
export function HomePage() {
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
