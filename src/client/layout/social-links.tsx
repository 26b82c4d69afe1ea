import { AtSign, Briefcase, Camera, Play, Users, type LucideIcon } from 'lucide-react';

interface SocialLink {
  network: string;
  href: string;
  Icon: LucideIcon;
}

/** Five generic social links (docs/product.md). */
const SOCIAL_LINKS: readonly SocialLink[] = [
  { network: 'Facebook', href: 'https://www.facebook.com/', Icon: Users },
  { network: 'X', href: 'https://x.com/', Icon: AtSign },
  { network: 'LinkedIn', href: 'https://www.linkedin.com/', Icon: Briefcase },
  { network: 'Instagram', href: 'https://www.instagram.com/', Icon: Camera },
  { network: 'YouTube', href: 'https://www.youtube.com/', Icon: Play },
];

export function SocialLinks() {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="TaskBid on social media">
      {SOCIAL_LINKS.map(({ network, href, Icon }) => (
        <li key={network}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-circle btn-sm btn-ghost border border-base-300 hover:border-primary hover:text-primary"
            aria-label={`TaskBid on ${network} (opens in a new tab)`}
            title={network}
          >
            <Icon className="size-4" aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  );
}
