import { BriefcaseBusiness, Copy, Mail, MessageCircle, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withSource } from '#shared/chat-source.ts';
import type { TBusinessCard } from '#shared/schemas/cards.ts';
import { shareLinks } from '#web/components/cards/my-cards/share-links.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';

/** The card's chat link to copy, or to hand to LinkedIn, Weibo, a mail or WeChat. */
export function ShareCardDialog({ card, onClose }: { card: TBusinessCard; onClose: () => void }) {
  const { t } = useTranslation();
  const [hint, setHint] = useState(false);
  const inputId = useId();
  const title = t('myCards.shareText', {
    name: card.companyName ?? card.user.companyName ?? card.user.username,
  });
  // Visits count by where the link was handed out.
  const copiedLink = withSource(card.chatUrl, 'link');
  const links = shareLinks(withSource(card.chatUrl, 'share'), title);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(copiedLink);
      toast({ title: t('myCards.linkCopied'), variant: 'success' });
    } catch {
      const input = document.getElementById(inputId);
      if (input instanceof HTMLInputElement) input.select();
      toast({ title: t('myCards.copyManually'), variant: 'destructive' });
    }
  };

  const external = 'h-auto flex-col gap-1.5 py-3';
  const targets = [
    {
      icon: BriefcaseBusiness,
      label: t('myCards.shareLinkedIn'),
      href: links.linkedin,
      newTab: true,
      testId: 'share-linkedin',
    },
    {
      icon: Share2,
      label: t('myCards.shareWeibo'),
      href: links.weibo,
      newTab: true,
      testId: 'share-weibo',
    },
    {
      icon: Mail,
      label: t('myCards.shareMail'),
      href: links.mail,
      newTab: false,
      testId: 'share-mail',
    },
  ];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('common.close')} data-testid="share-dialog">
        <DialogHeader>
          <DialogTitle>{t('myCards.shareTitle')}</DialogTitle>
          <DialogDescription>{t('myCards.shareDescription')}</DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {targets.map((target) => (
            <Button key={target.testId} asChild variant="outline" className={external}>
              <a
                href={target.href}
                {...(target.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                data-testid={target.testId}
              >
                <target.icon aria-hidden="true" />
                {target.label}
              </a>
            </Button>
          ))}
          <Button
            variant="outline"
            className={external}
            aria-expanded={hint}
            onClick={() => setHint(true)}
            data-testid="share-wechat"
          >
            <MessageCircle aria-hidden="true" />
            {t('myCards.shareWeChat')}
          </Button>
        </div>
        {hint ? (
          <Alert variant="info" data-testid="share-wechat-hint">
            <MessageCircle aria-hidden="true" />
            <p>{t('myCards.weChatHint')}</p>
          </Alert>
        ) : null}
        <div className="grid grid-cols-1 gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            {t('myCards.shareLink')}
          </label>
          <div className="flex gap-2">
            <Input
              id={inputId}
              readOnly
              value={copiedLink}
              onFocus={(event) => event.target.select()}
            />
            <Button onClick={() => void copy()} data-testid="share-copy">
              <Copy aria-hidden="true" />
              {t('myCards.copyLink')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
