import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';

export interface TileActionProps {
  icon: ReactNode;
  label: string;
  onClick?: () => void;
  href?: string;
  destructive?: boolean;
  testId: string;
}

/** One of the six small actions at the foot of a card tile: a link or a button. */
export function TileAction({
  icon,
  label,
  onClick,
  href,
  destructive = false,
  testId,
}: TileActionProps) {
  const className = cn(
    'h-auto flex-col gap-1 px-1 py-2 text-xs',
    destructive && 'text-red-700 hover:bg-red-50 hover:text-red-800',
  );
  if (href) {
    return (
      <Button asChild variant="ghost" className={className}>
        <Link href={href} data-testid={testId}>
          {icon}
          {label}
        </Link>
      </Button>
    );
  }
  return (
    <Button variant="ghost" className={className} onClick={onClick} data-testid={testId}>
      {icon}
      {label}
    </Button>
  );
}
