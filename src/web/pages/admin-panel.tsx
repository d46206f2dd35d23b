import { BarChart3, CalendarDays, LayoutTemplate, ScrollText, ShieldX, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AuditTab } from '../components/admin/audit-tab.tsx';
import { FairsTab } from '../components/admin/fairs-tab.tsx';
import { LandingTab } from '../components/admin/landing-tab.tsx';
import { StatsTab } from '../components/admin/stats-tab.tsx';
import { UsersTab } from '../components/admin/users-tab.tsx';
import { PageContainer, PageHeader } from '../components/layout/app-layout.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { useCurrentUser } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * The admin panel: users, figures, trade fairs, the landing page's content and the audit log. The route needs
 * a login (signed out: /login?next=); a non-admin sees "not allowed". The server checks the
 * role again on every call.
 */
export default function AdminPanelPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.title'));
  const { user, isLoading } = useCurrentUser();

  if (isLoading) return <Loading fullPage />;
  if (!user || user.role !== 'admin') return <NotAuthorized />;
  return (
    <PageContainer width="wide">
      <PageHeader title={t('admin.title')} description={t('admin.subtitle')} />
      <Tabs defaultValue="users">
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-auto">
          <TabsTrigger value="users">
            <Users aria-hidden="true" />
            {t('admin.tabs.users')}
          </TabsTrigger>
          <TabsTrigger value="stats">
            <BarChart3 aria-hidden="true" />
            {t('admin.tabs.stats')}
          </TabsTrigger>
          <TabsTrigger value="fairs">
            <CalendarDays aria-hidden="true" />
            {t('admin.tabs.fairs')}
          </TabsTrigger>
          <TabsTrigger value="landing">
            <LayoutTemplate aria-hidden="true" />
            {t('admin.tabs.landing')}
          </TabsTrigger>
          <TabsTrigger value="audit">
            <ScrollText aria-hidden="true" />
            {t('admin.tabs.audit')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UsersTab currentUserId={user.id} />
        </TabsContent>
        <TabsContent value="stats">
          <StatsTab />
        </TabsContent>
        <TabsContent value="fairs">
          <FairsTab />
        </TabsContent>
        <TabsContent value="landing">
          <LandingTab />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}

function NotAuthorized() {
  const { t } = useTranslation();
  return (
    <PageContainer width="narrow">
      <Card data-testid="admin-not-authorized">
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-700">
            <ShieldX aria-hidden="true" className="size-7" />
          </span>
          <h1 className="text-xl font-semibold text-slate-900">{t('admin.notAuthorizedTitle')}</h1>
          <p className="max-w-sm text-slate-600">{t('admin.notAuthorizedText')}</p>
          <div className="mt-2">
            <Button asChild variant="outline">
              <Link href="/">{t('common.backHome')}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
