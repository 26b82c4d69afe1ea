import {
  Code,
  FlaskConical,
  Megaphone,
  Palette,
  PenLine,
  User,
  type LucideIcon,
} from 'lucide-react';
import type { Category } from '../../../shared/constants.ts';

/** One icon per task category. */
export const CATEGORY_ICONS: Record<Category, LucideIcon> = {
  'Web Development': Code,
  Design: Palette,
  Writing: PenLine,
  Marketing: Megaphone,
  Research: FlaskConical,
  Personal: User,
};
