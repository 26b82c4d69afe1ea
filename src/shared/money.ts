/** Money as people read it: $1,234.50. */
export function formatDollars(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Lists and the delete dialog show a task's `price`, falling back to its `budget`. */
export function taskPrice(task: { price: number | null; budget: number | null }): number | null {
  return task.price ?? task.budget;
}
