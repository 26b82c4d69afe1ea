import { ArrowRight, BadgeCheck, Clock, PlusCircle, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { HeroIllustration } from './hero-illustration.tsx';
import {
  HOME_DESCRIPTION,
  HOME_HEADING_HIGHLIGHT,
  HOME_HEADING_LEAD,
} from '../../../../shared/pages/home.ts';

const POINTS = [
  { Icon: BadgeCheck, text: 'Skilled people in six categories' },
  { Icon: Clock, text: 'Bids on your task within hours' },
  { Icon: ShieldCheck, text: 'You choose who does the work' },
];

export function Hero() {
  return (
    <section className="border-b border-base-300 bg-base-200">
      <div className="page-container grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="mb-3 inline-flex items-center rounded-full border border-primary/30 bg-base-100 px-3 py-1 text-sm font-medium text-primary">
            The freelance task marketplace
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {HOME_HEADING_LEAD} <span className="text-primary">{HOME_HEADING_HIGHLIGHT}</span>
          </h1>
          <p className="mt-4 max-w-xl text-lg text-base-content/75">{HOME_DESCRIPTION}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/add-task" className="btn btn-primary btn-lg">
              <PlusCircle className="size-5" aria-hidden="true" />
              Post a Task
            </Link>
            <Link to="/browse-tasks" className="btn btn-outline btn-lg">
              Browse Tasks
              <ArrowRight className="size-5" aria-hidden="true" />
            </Link>
          </div>
          <ul className="mt-8 flex flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:gap-x-6">
            {POINTS.map(({ Icon, text }) => (
              <li key={text} className="flex items-center gap-2 text-base-content/80">
                <Icon className="size-4 text-primary" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
