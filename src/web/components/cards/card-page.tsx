import { ArrowLeft, SearchX } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'wouter';
import { PageContainer } from '#web/components/layout/app-layout.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { cn } from '#web/lib/utils.ts';

/** The head of a screen about one card: icon and title, a line naming the card, back to it. */
export function CardPageHeader({
  cardId,
  icon: Icon,
  title,
  subtitle,
  subtitleClassName,
  testIdPrefix,
  backLabel,
}: {
  cardId: number;
  icon: ComponentType<{ 'aria-hidden'?: boolean | 'true'; className?: string }>;
  title: string;
  subtitle: string;
  subtitleClassName?: string;
  /** `{prefix}-subtitle` and `{prefix}-back-to-card`. */
  testIdPrefix: string;
  backLabel: string;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="grid min-w-0 gap-1">
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          <Icon aria-hidden="true" className="size-7 shrink-0 text-brand-700" />
          {title}
        </h1>
        <p
          className={cn('break-words text-slate-600', subtitleClassName)}
          data-testid={`${testIdPrefix}-subtitle`}
        >
          {subtitle}
        </p>
      </div>
      <Button asChild variant="outline">
        <Link href={`/result/${cardId}`} data-testid={`${testIdPrefix}-back-to-card`}>
          <ArrowLeft aria-hidden="true" />
          {backLabel}
        </Link>
      </Button>
    </div>
  );
}

/** A screen about one card whose card does not exist (or is not the user's): back to /my-cards. */
export function CardNotFound({
  title,
  text,
  backLabel,
  testId,
}: {
  title: string;
  text: string;
  backLabel: string;
  testId: string;
}) {
  return (
    <PageContainer width="narrow">
      <EmptyState
        variant="notFound"
        icon={SearchX}
        title={title}
        text={text}
        testId={testId}
        action={
          <Button asChild>
            <Link href="/my-cards">
              <ArrowLeft aria-hidden="true" />
              {backLabel}
            </Link>
          </Button>
        }
      />
    </PageContainer>
  );
}
