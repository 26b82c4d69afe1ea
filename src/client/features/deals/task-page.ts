/**
 * What the task page loads of deals once it has one (one lazy chunk): the panel, and the
 * steps its dialogs ask the page's action to take.
 */
export { DealPanel } from './components/deal-panel.tsx';
export { submitDealStep } from './api/deal-steps.ts';
