import { MessageCircleQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useUnansweredCounts } from '#web/lib/answers/queries.ts';
import { cn } from '#web/lib/utils.ts';
import { Button, type ButtonProps } from '../ui/button.tsx';

/** "3 waiting": how many groups of questions wait for the owner (nothing when none). */
export function QuestionsBadge({ count, className }: { count: number; className?: string }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900',
        className,
      )}
      data-testid="questions-badge"
    >
      {t('questions.badge', { count })}
    </span>
  );
}

/** The link to a card's questions to answer (or, without a card, the busiest), with its badge. */
export function QuestionsLink({
  cardId,
  size = 'lg',
  variant = 'secondary',
  testId = 'questions-link',
}: {
  cardId?: number;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  testId?: string;
}) {
  const { t } = useTranslation();
  const counts = useUnansweredCounts();
  const count =
    cardId === undefined
      ? (counts.data?.total ?? 0)
      : (counts.data?.cards.find((card) => card.businessCardId === cardId)?.count ?? 0);
  return (
    <Button size={size} variant={variant} asChild>
      <Link
        href={
          cardId === undefined
            ? '/questions-to-answer'
            : `/questions-to-answer?businessCardId=${cardId}`
        }
        data-testid={testId}
      >
        <MessageCircleQuestion aria-hidden="true" />
        {t('questions.link')}
        <QuestionsBadge count={count} />
      </Link>
    </Button>
  );
}
