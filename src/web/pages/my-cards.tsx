import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Activity,
  ArrowRight,
  BarChart3,
  BriefcaseBusiness,
  Building2,
  CalendarPlus,
  Copy,
  Eye,
  ExternalLink,
  FileStack,
  ImageUp,
  LayoutGrid,
  Mail,
  MessageCircle,
  MessageSquareText,
  Pencil,
  PlusCircle,
  RefreshCw,
  Share2,
  ShieldAlert,
  Trash2,
  TriangleAlert,
} from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { withSource } from '#shared/chat-source.ts';
import { publicCardPath } from '#shared/schemas/public-card.ts';
import { LOGO_MAX_BYTES, type TBusinessCard, type TCardTemplate } from '#shared/schemas/cards.ts';
import { CardSvg } from '../components/cards/card-templates.tsx';
import { LogoPicker } from '../components/cards/logo-picker.tsx';
import { PrintQr } from '../components/cards/print-qr.tsx';
import { TemplatePicker } from '../components/cards/template-picker.tsx';
import { useCardTexts, useCardView } from '../components/cards/use-card-view.ts';
import { PageContainer } from '../components/layout/app-layout.tsx';
import { Alert } from '../components/ui/alert.tsx';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../components/ui/alert-dialog.tsx';
import { Button } from '../components/ui/button.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../components/ui/dialog.tsx';
import { Input } from '../components/ui/input.tsx';
import { Loading, Spinner } from '../components/ui/spinner.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest, errorText } from '../lib/api.ts';
import { cardStats } from '../lib/cards/card-stats.ts';
import { resumePath, resumeStep } from '../lib/cards/resume-step.ts';
import {
  CARDS_KEY,
  cardKey,
  invalidateCardQueries,
  useAuthExpiredHandler,
  useCards,
} from '../lib/cards/queries.ts';
import { useCurrentUser } from '../lib/session.ts';
import { cn } from '../lib/utils.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export default function MyCardsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('myCards.title'));
  const { user } = useCurrentUser();
  const cards = useCards();
  const list = cards.data ?? [];
  const stats = cardStats(list);
  const [editing, setEditing] = useState<TBusinessCard | null>(null);
  const [sharing, setSharing] = useState<TBusinessCard | null>(null);
  const [deleting, setDeleting] = useState<TBusinessCard | null>(null);
  const newest = list[0];
  const drafts = list.filter((card) => card.status === 'draft');
  const finished = list.filter((card) => card.status !== 'draft');

  return (
    <PageContainer width="wide">
      {/* Like PageHeader, but the two actions may wrap under each other on a phone. */}
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">
            {t('myCards.greeting', { username: user?.username ?? '' })}
          </h1>
          <p className="text-slate-600">{t('myCards.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link href="/corporate-dashboard">
              <Building2 aria-hidden="true" />
              {t('myCards.enterprise')}
            </Link>
          </Button>
          <Button asChild>
            <Link href="/user-details" data-testid="my-cards-create">
              <PlusCircle aria-hidden="true" />
              {t('myCards.create')}
            </Link>
          </Button>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="card-stats">
        <StatTile
          icon={<LayoutGrid aria-hidden="true" />}
          label={t('myCards.statTotal')}
          value={cards.isPending ? '…' : String(stats.total)}
          testId="stat-total"
        />
        <StatTile
          icon={<FileStack aria-hidden="true" />}
          label={t('myCards.statDocuments')}
          value={cards.isPending ? '…' : String(stats.documents)}
          testId="stat-documents"
        />
        <StatTile
          icon={<CalendarPlus aria-hidden="true" />}
          label={t('myCards.statNewThisWeek')}
          value={cards.isPending ? '…' : String(stats.newThisWeek)}
          testId="stat-new-this-week"
        />
        <StatTile
          icon={<Activity aria-hidden="true" />}
          label={t('myCards.statStatus')}
          value={t('myCards.statusActive')}
          tone="success"
          testId="stat-status"
        />
      </dl>

      <section
        aria-labelledby="quick-actions"
        className="mt-6 flex flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
      >
        <h2 id="quick-actions" className="px-2 text-sm font-semibold text-slate-800">
          {t('myCards.quickActions')}
        </h2>
        <Button asChild variant="ghost" size="sm">
          <Link href="/logo-upload" data-testid="quick-logo-upload">
            <ImageUp aria-hidden="true" />
            {t('myCards.uploadLogo')}
          </Link>
        </Button>
        {newest ? (
          <Button asChild variant="ghost" size="sm">
            <Link href={`/analysis/${newest.userId}?businessCardId=${newest.id}`}>
              <BarChart3 aria-hidden="true" />
              {t('myCards.viewAnalysis')}
            </Link>
          </Button>
        ) : (
          <Button variant="ghost" size="sm" disabled>
            <BarChart3 aria-hidden="true" />
            {t('myCards.viewAnalysis')}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void cards.refetch()}
          disabled={cards.isFetching}
          data-testid="cards-refresh"
        >
          <RefreshCw
            aria-hidden="true"
            className={cn(cards.isFetching && 'motion-safe:animate-spin')}
          />
          {t('myCards.refresh')}
        </Button>
      </section>

      <section aria-labelledby="cards-heading" className="mt-8">
        <h2 id="cards-heading" className="mb-4 text-lg font-semibold text-slate-900">
          {t('myCards.listTitle')}
        </h2>
        {cards.isPending ? (
          <Loading message={t('myCards.loading')} />
        ) : cards.isError && list.length === 0 ? (
          <Alert variant="warning">
            <TriangleAlert aria-hidden="true" />
            <div className="grid gap-2">
              <p>{t('myCards.loadFailed')}</p>
              <div>
                <Button size="sm" variant="outline" onClick={() => void cards.refetch()}>
                  {t('common.retry')}
                </Button>
              </div>
            </div>
          </Alert>
        ) : list.length === 0 ? (
          <NoCardsYet />
        ) : finished.length === 0 ? (
          <p className="text-slate-600" data-testid="no-finished-cards">
            {t('myCards.noFinishedYet')}
          </p>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" data-testid="card-grid">
            {finished.map((card) => (
              <CardTile
                key={card.id}
                card={card}
                onEdit={() => setEditing(card)}
                onShare={() => setSharing(card)}
                onDelete={() => setDeleting(card)}
              />
            ))}
          </ul>
        )}
      </section>

      {drafts.length > 0 ? (
        <section aria-labelledby="drafts-heading" className="mt-10" data-testid="draft-section">
          <h2 id="drafts-heading" className="text-lg font-semibold text-slate-900">
            {t('myCards.draftsTitle')}
          </h2>
          <p className="mb-4 text-sm text-slate-600">{t('myCards.draftsText')}</p>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="draft-list">
            {drafts.map((card) => (
              <DraftTile key={card.id} card={card} onDelete={() => setDeleting(card)} />
            ))}
          </ul>
        </section>
      ) : null}

      {editing ? <EditDialog card={editing} onClose={() => setEditing(null)} /> : null}
      {sharing ? <ShareDialog card={sharing} onClose={() => setSharing(null)} /> : null}
      <DeleteDialog card={deleting} onClose={() => setDeleting(null)} />
    </PageContainer>
  );
}

function StatTile({
  icon,
  label,
  value,
  tone = 'default',
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  tone?: 'default' | 'success';
  testId: string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <dt className="flex items-center gap-2 text-sm text-slate-600 [&>svg]:size-4 [&>svg]:text-brand-700">
        {icon}
        {label}
      </dt>
      <dd
        data-testid={testId}
        className={cn(
          'mt-2 text-2xl font-semibold tracking-tight sm:text-3xl',
          tone === 'success' ? 'text-emerald-700' : 'text-slate-900',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

function NoCardsYet() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={LayoutGrid}
      title={t('myCards.emptyTitle')}
      text={t('myCards.emptyText')}
      testId="cards-empty"
      action={
        <Button asChild size="lg">
          <Link href="/user-details">
            <PlusCircle aria-hidden="true" />
            {t('myCards.createFirst')}
          </Link>
        </Button>
      }
    />
  );
}

function CardThumbnail({ card, template }: { card: TBusinessCard; template?: TCardTemplate }) {
  const { t, i18n } = useTranslation();
  const { view } = useCardView(card);
  const texts = useCardTexts();
  return (
    <CardSvg
      template={template ?? card.cardTemplate}
      side="front"
      view={view}
      texts={texts}
      language={i18n.language}
      title={t('result.frontLabel', { name: view.name || view.company })}
      className="block h-auto w-full rounded-[2.5%/4.1667%] shadow-md shadow-slate-900/10"
    />
  );
}

function CardTile({
  card,
  onEdit,
  onShare,
  onDelete,
}: {
  card: TBusinessCard;
  onEdit: () => void;
  onShare: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const title =
    card.companyName ?? card.user.companyName ?? card.contactPerson ?? t('myCards.untitled');
  const created = new Date(card.createdAt);
  const headingId = useId();
  return (
    <li
      data-testid="card-tile"
      data-card-id={card.id}
      data-template={card.cardTemplate}
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      {/* The link lies over the drawing rather than around it: its name says what it opens,
          and the card's drawn text is not part of that name. */}
      <div className="relative bg-slate-100 p-4">
        <CardThumbnail card={card} />
        <Link
          href={`/result/${card.id}`}
          className="absolute inset-0 block focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
          aria-label={t('myCards.previewOf', { name: title })}
        />
      </div>
      <div className="grid min-w-0 flex-1 grid-cols-1 gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={headingId} className="truncate font-semibold text-slate-900" title={title}>
              {title}
            </h3>
            <p className="truncate text-sm text-slate-600">
              {card.contactPerson ?? card.user.username}
            </p>
          </div>
          <span
            className={cn(
              'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium',
              card.finalized ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900',
            )}
          >
            {card.finalized ? t('myCards.finalized') : t('myCards.draft')}
          </span>
        </div>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          <li data-testid="card-template-name">{t(`cardTemplates.names.${card.cardTemplate}`)}</li>
          <li>{t('myCards.documentCount', { count: card.documentCount })}</li>
          {Number.isNaN(created.getTime()) ? null : (
            <li>{t('myCards.createdOn', { date: created.toLocaleDateString(i18n.language) })}</li>
          )}
        </ul>
        <div className="mt-auto grid grid-cols-3 gap-2 border-t border-slate-100 pt-3">
          <TileAction
            icon={<Pencil aria-hidden="true" />}
            label={t('myCards.edit')}
            onClick={onEdit}
            testId="card-edit"
          />
          <TileAction
            icon={<Eye aria-hidden="true" />}
            label={t('myCards.preview')}
            href={`/result/${card.id}`}
            testId="card-preview"
          />
          <TileAction
            icon={<Share2 aria-hidden="true" />}
            label={t('myCards.share')}
            onClick={onShare}
            testId="card-share"
          />
          <TileAction
            icon={<MessageSquareText aria-hidden="true" />}
            label={t('myCards.testChat')}
            href={`/chat/card/${card.id}`}
            testId="card-test-chat"
          />
          <TileAction
            icon={<ShieldAlert aria-hidden="true" />}
            label={t('myCards.redList')}
            href={`/red-list-management?businessCardId=${card.id}`}
            testId="card-red-list"
          />
          <TileAction
            icon={<Trash2 aria-hidden="true" />}
            label={t('myCards.delete')}
            onClick={onDelete}
            destructive
            testId="card-delete"
          />
        </div>
        <div className="grid gap-3 border-t border-slate-100 pt-3">
          <Button asChild variant="outline" size="sm" className="justify-self-start">
            <Link href={publicCardPath(card.id)} data-testid="card-public-page">
              <ExternalLink aria-hidden="true" />
              {t('myCards.publicPage')}
            </Link>
          </Button>
          <PrintQr cardId={card.id} />
        </div>
      </div>
    </li>
  );
}

/**
 * A card the wizard did not finish: no public QR, link or chat yet, only the way back into
 * the wizard at the step it stopped (worked out from what the card already has).
 */
function DraftTile({ card, onDelete }: { card: TBusinessCard; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const title =
    card.companyName ?? card.user.companyName ?? card.contactPerson ?? t('myCards.untitled');
  const created = new Date(card.createdAt);
  const headingId = useId();
  return (
    <li
      data-testid="draft-tile"
      data-card-id={card.id}
      aria-labelledby={headingId}
      className="grid gap-3 rounded-xl border border-dashed border-amber-300 bg-amber-50/40 p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate font-semibold text-slate-900" title={title}>
            {title}
          </h3>
          <p className="text-sm text-slate-600" data-testid="draft-next-step">
            {t(`myCards.continueStep_${resumeStep(card)}`)}
          </p>
        </div>
        <span className="shrink-0 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900">
          {t('myCards.draft')}
        </span>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <li>{t('myCards.documentCount', { count: card.documentCount })}</li>
        {Number.isNaN(created.getTime()) ? null : (
          <li>{t('myCards.createdOn', { date: created.toLocaleDateString(i18n.language) })}</li>
        )}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link href={resumePath(card)} data-testid="draft-continue">
            {t('myCards.continue')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={onDelete}
          data-testid="draft-delete"
        >
          <Trash2 aria-hidden="true" />
          {t('myCards.delete')}
        </Button>
      </div>
    </li>
  );
}

function TileAction({
  icon,
  label,
  onClick,
  href,
  destructive = false,
  testId,
}: {
  icon: ReactNode;
  label: string;
  onClick?: () => void;
  href?: string;
  destructive?: boolean;
  testId: string;
}) {
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

function EditDialog({ card, onClose }: { card: TBusinessCard; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const handleAuthExpired = useAuthExpiredHandler();
  const [template, setTemplate] = useState<TCardTemplate>(card.cardTemplate);
  const [logo, setLogo] = useState<File | null>(null);

  const save = useMutation({
    mutationFn: async () => {
      if (logo) {
        const form = new FormData();
        form.append('companyLogo', logo, logo.name);
        await apiRequest<{ companyLogo: string }>('POST', '/api/users/upload-logo', form);
      }
      if (template !== card.cardTemplate) {
        return apiRequest<TBusinessCard>('PUT', `/api/business-cards/${card.id}`, {
          cardTemplate: template,
        });
      }
      return card;
    },
    onSuccess: async (updated) => {
      queryClient.setQueryData(cardKey(card.id), updated);
      queryClient.setQueryData<TBusinessCard[]>(CARDS_KEY, (list) =>
        list?.map((entry) => (entry.id === updated.id ? updated : entry)),
      );
      toast({
        title: t('myCards.updatedTitle'),
        description: t('myCards.updatedText'),
        variant: 'success',
      });
      onClose();
      await invalidateCardQueries(queryClient);
    },
    onError: (error) => {
      if (handleAuthExpired(error)) return;
      toast({
        title: t('result.updateFailedTitle'),
        description: errorText(error, t('result.updateFailedText')),
        variant: 'destructive',
      });
    },
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent closeLabel={t('common.close')} className="max-w-2xl" data-testid="edit-dialog">
        <DialogHeader>
          <DialogTitle>{t('myCards.editTitle')}</DialogTitle>
          <DialogDescription>{t('myCards.editText')}</DialogDescription>
        </DialogHeader>
        <div className="rounded-xl bg-slate-100 p-3">
          <div className="mx-auto w-full max-w-64">
            <CardThumbnail card={card} template={template} />
          </div>
        </div>
        <TemplatePicker value={template} onChange={setTemplate} disabled={save.isPending} />
        <LogoPicker
          label={t('myCards.editLogo')}
          hint={t('myCards.editLogoHint')}
          file={logo}
          onChange={setLogo}
          maxBytes={LOGO_MAX_BYTES}
          disabled={save.isPending}
          testId="edit-logo-input"
          onReject={(reason) =>
            toast({
              title: reason === 'tooLarge' ? t('logo.tooLargeTitle') : t('logo.wrongTypeTitle'),
              description: reason === 'tooLarge' ? t('logo.tooLargeText') : t('logo.wrongTypeText'),
              variant: 'destructive',
            })
          }
        />
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => save.mutate()} disabled={save.isPending} data-testid="edit-save">
            {save.isPending ? <Spinner size="small" className="text-current" /> : null}
            {save.isPending ? t('myCards.saving') : t('myCards.save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return {
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    weibo: `https://service.weibo.com/share/share.php?url=${u}&title=${text}`,
    mail: `mailto:?subject=${text}&body=${text}%0A${u}`,
  };
}

function ShareDialog({ card, onClose }: { card: TBusinessCard; onClose: () => void }) {
  const { t } = useTranslation();
  const [hint, setHint] = useState(false);
  const inputId = useId();
  const title = t('myCards.shareText', {
    name: card.companyName ?? card.user.companyName ?? card.user.username,
  });
  // Visits count by where the link was handed out (issue 12, item 12).
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
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('common.close')} data-testid="share-dialog">
        <DialogHeader>
          <DialogTitle>{t('myCards.shareTitle')}</DialogTitle>
          <DialogDescription>{t('myCards.shareDescription')}</DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Button asChild variant="outline" className={external}>
            <a
              href={links.linkedin}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="share-linkedin"
            >
              <BriefcaseBusiness aria-hidden="true" />
              {t('myCards.shareLinkedIn')}
            </a>
          </Button>
          <Button asChild variant="outline" className={external}>
            <a
              href={links.weibo}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="share-weibo"
            >
              <Share2 aria-hidden="true" />
              {t('myCards.shareWeibo')}
            </a>
          </Button>
          <Button asChild variant="outline" className={external}>
            <a href={links.mail} data-testid="share-mail">
              <Mail aria-hidden="true" />
              {t('myCards.shareMail')}
            </a>
          </Button>
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

function DeleteDialog({ card, onClose }: { card: TBusinessCard | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const handleAuthExpired = useAuthExpiredHandler();

  const remove = useMutation({
    mutationFn: (target: TBusinessCard) =>
      apiRequest<{ ok: true }>('DELETE', `/api/business-cards/${target.id}?deleteDocuments=true`),
    // Spec-core 4.6: gone from the list at once, back if the server refuses, refetched after.
    onMutate: async (target) => {
      await queryClient.cancelQueries({ queryKey: CARDS_KEY });
      const previous = queryClient.getQueryData<TBusinessCard[]>(CARDS_KEY);
      queryClient.setQueryData<TBusinessCard[]>(CARDS_KEY, (list) =>
        list?.filter((entry) => entry.id !== target.id),
      );
      return { previous };
    },
    onSuccess: (_result, target) => {
      queryClient.removeQueries({ queryKey: cardKey(target.id) });
      toast({ title: t('myCards.deletedTitle'), variant: 'success' });
    },
    onError: (error, _target, context) => {
      if (context?.previous) queryClient.setQueryData(CARDS_KEY, context.previous);
      if (handleAuthExpired(error)) return;
      toast({
        title: t('myCards.deleteFailedTitle'),
        description: errorText(error, t('myCards.deleteFailedText')),
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CARDS_KEY }),
  });

  return (
    <AlertDialog open={card !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent data-testid="delete-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('myCards.deleteTitle')}</AlertDialogTitle>
          <AlertDialogDescription>{t('myCards.deleteConfirmText')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('common.cancel')}</AlertDialogCancel>
          <Button
            variant="destructive"
            data-testid="confirm-delete-card"
            onClick={() => {
              if (card) remove.mutate(card);
              onClose();
            }}
          >
            {t('myCards.deleteConfirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
