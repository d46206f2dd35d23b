import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TOnboarding } from '#shared/onboarding.ts';
import { apiRequest } from '#web/lib/api.ts';
import { Button } from '../ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog.tsx';
import { ONBOARDING_KEY, guideIsDue } from './queries.ts';

/**
 * The welcome, once per account: either answer (or closing it) is remembered on the server,
 * so a new phone does not show it again. A guide whose every step is done needs no welcome.
 */
export function WelcomeDialog({ guide, onStart }: { guide: TOnboarding; onStart: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const seen = useMutation({
    mutationFn: () => apiRequest('POST', '/api/onboarding/welcome-seen', {}),
    onMutate: () => {
      queryClient.setQueryData<TOnboarding>(ONBOARDING_KEY, (old) =>
        old ? { ...old, welcomeSeen: true } : old,
      );
    },
  });
  const answer = (start: boolean) => {
    seen.mutate();
    if (start) onStart();
  };

  return (
    <Dialog open={guideIsDue(guide)} onOpenChange={(open) => !open && answer(false)}>
      <DialogContent closeLabel={t('common.close')} data-testid="onboarding-welcome">
        <DialogHeader>
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Sparkles aria-hidden="true" className="size-6" />
          </span>
          <DialogTitle>{t('onboarding.welcome.title')}</DialogTitle>
          <DialogDescription>
            {t('onboarding.welcome.text', { minutes: guide.minutesTotal })}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => answer(false)}>
            {t('onboarding.welcome.later')}
          </Button>
          <Button onClick={() => answer(true)}>{t('onboarding.welcome.startGuide')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
