import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';

/**
 * The "← Back" link over a page's header; by default to the enterprise dashboard, where the
 * marketing and sales tools are opened from.
 */
export function BackLink({
  label,
  href = '/corporate-dashboard',
  testId,
}: {
  label: string;
  href?: string;
  testId?: string;
}) {
  return (
    <Link
      href={href}
      className="mb-4 inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
      data-testid={testId}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}
