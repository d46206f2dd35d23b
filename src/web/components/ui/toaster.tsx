import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '#shared/limits.ts';
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast.tsx';
import { setToastOpen, useToast } from './use-toast.ts';

/** One visible toast, 5000 ms, swipe right past 50 px to dismiss, F8 to focus. */
export function Toaster() {
  const { t } = useTranslation();
  const { toasts } = useToast();
  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label={t('toast.label')}
    >
      {toasts.map(({ id, title, description, action, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={(next) => setToastOpen(id, next)}
          type={variant === 'destructive' ? 'foreground' : 'background'}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose label={t('common.close')} />
        </Toast>
      ))}
      <ToastViewport hotkey={['F8']} label={t('toast.viewport')} />
    </ToastProvider>
  );
}
