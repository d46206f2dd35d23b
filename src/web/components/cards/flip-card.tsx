import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/utils.ts';

export const AUTO_FLIP_INTERVAL_MS = 3000;
export const FLIP_DURATION_MS = 700;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * A card that flips on click, Enter or Space; optionally every 3000 ms. The
 * turn takes 700 ms, and is instant under prefers-reduced-motion.
 */
export function FlipCard({
  front,
  back,
  autoFlip = false,
  className,
}: {
  front: ReactNode;
  back: ReactNode;
  autoFlip?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const [flipped, setFlipped] = useState(false);
  const [reduced] = useState(prefersReducedMotion);
  const hintId = useId();

  useEffect(() => {
    if (!autoFlip) return;
    const timer = setInterval(() => setFlipped((value) => !value), AUTO_FLIP_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [autoFlip]);

  // No aria-label: a label would not contain the card's drawn text (axe
  // label-content-name-mismatch). The button is named by the face it shows (the drawing's own
  // name, the other face is hidden) and described by what pressing it does.
  return (
    <>
      <button
        type="button"
        data-testid="flip-card"
        data-flipped={flipped}
        aria-pressed={flipped}
        aria-describedby={hintId}
        onClick={() => setFlipped((value) => !value)}
        className={cn(
          'group relative block aspect-[5/3] w-full cursor-pointer rounded-[2.5%/4.1667%] [perspective:2000px] focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-brand-500',
          className,
        )}
      >
        <span
          className="absolute inset-0 block [transform-style:preserve-3d]"
          style={{
            transform: flipped ? 'rotateY(180deg)' : 'none',
            transition: reduced
              ? 'none'
              : `transform ${FLIP_DURATION_MS}ms cubic-bezier(.4,.2,.2,1)`,
          }}
        >
          <span
            className="absolute inset-0 block rounded-[2.5%/4.1667%] shadow-xl shadow-slate-900/15 [backface-visibility:hidden]"
            aria-hidden={flipped}
          >
            {front}
          </span>
          <span
            className="absolute inset-0 block rounded-[2.5%/4.1667%] shadow-xl shadow-slate-900/15 [backface-visibility:hidden]"
            style={{ transform: 'rotateY(180deg)' }}
            aria-hidden={!flipped}
          >
            {back}
          </span>
        </span>
      </button>
      <span id={hintId} hidden>
        {flipped ? t('result.flipToFront') : t('result.flipToBack')}
      </span>
    </>
  );
}
