import { ArrowLeft, AudioLines, ImageIcon, MessageSquareText, Palette, Share2 } from 'lucide-react';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { PageContainer, PageHeader } from '../components/layout/app-layout.tsx';
import { PaletteGenerator } from '../components/marketing/palette-generator.tsx';
import { PosterQuickForm } from '../components/marketing/poster-quick-form.tsx';
import { Button } from '../components/ui/button.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { useCard, useCards } from '../lib/cards/queries.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

type Panel = ComponentType<{ cardId: number }>;

/*
 * The audio and social tabs live in their own files. They are found with a glob so this page
 * builds whether or not they exist yet; a missing one shows a loading state.
 */
const panelModules = import.meta.glob<Record<string, Panel>>(
  '../components/marketing/{audio,social}-panel.tsx',
);

function lazyPanel(file: string, exportName: string): Panel | null {
  const load = panelModules[`../components/marketing/${file}`];
  if (!load) return null;
  return lazy(async () => ({ default: (await load())[exportName]! }));
}

const AudioPanel = lazyPanel('audio-panel.tsx', 'AudioPanel');
const SocialPanel = lazyPanel('social-panel.tsx', 'SocialPanel');

function PanelSlot({ panel: Panel, cardId }: { panel: Panel | null; cardId: number }) {
  const { t } = useTranslation();
  const loading = <Loading message={t('advancedFeatures.loading')} />;
  if (!Panel) return loading;
  return (
    <Suspense fallback={loading}>
      <Panel cardId={cardId} />
    </Suspense>
  );
}

/** /advanced-features and /advanced-features/:id (default card 1): the four marketing tabs. */
export default function AdvancedFeaturesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('advancedFeatures.title'));
  const params = useParams<{ id?: string }>();
  const cards = useCards();
  // Without an id: the owner's newest card (a fixed id 1 would be someone else's card).
  const cardId = params.id
    ? Number(params.id)
    : (cards.data?.[0]?.id ?? (cards.isPending ? null : 1));
  const card = useCard(cardId);
  if (cardId === null) return <Loading fullPage />;
  const chatPath = card.data?.qrCode ?? `/chat/${cardId}`;
  return (
    <PageContainer width="wide">
      <PageHeader
        title={t('advancedFeatures.title')}
        description={card.data?.companyName ?? t('advancedFeatures.subtitle', { id: cardId })}
      />
      <Tabs defaultValue="palette">
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="palette">
            <Palette aria-hidden="true" />
            {t('advancedFeatures.tabs.palette')}
          </TabsTrigger>
          <TabsTrigger value="poster">
            <ImageIcon aria-hidden="true" />
            {t('advancedFeatures.tabs.poster')}
          </TabsTrigger>
          <TabsTrigger value="audio">
            <AudioLines aria-hidden="true" />
            {t('advancedFeatures.tabs.audio')}
          </TabsTrigger>
          <TabsTrigger value="social">
            <Share2 aria-hidden="true" />
            {t('advancedFeatures.tabs.social')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="palette">
          <PaletteGenerator cardId={cardId} />
        </TabsContent>
        <TabsContent value="poster">
          <PosterQuickForm cardId={cardId} />
        </TabsContent>
        <TabsContent value="audio">
          <PanelSlot panel={AudioPanel} cardId={cardId} />
        </TabsContent>
        <TabsContent value="social">
          <PanelSlot panel={SocialPanel} cardId={cardId} />
        </TabsContent>
      </Tabs>
      <div className="mt-8 flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-4">
        <Button asChild variant="outline">
          <Link href={`/result/${cardId}`}>
            <ArrowLeft aria-hidden="true" />
            {t('advancedFeatures.backToCard')}
          </Link>
        </Button>
        <Button asChild>
          <a href={chatPath}>
            <MessageSquareText aria-hidden="true" />
            {t('advancedFeatures.openChat')}
          </a>
        </Button>
      </div>
    </PageContainer>
  );
}
