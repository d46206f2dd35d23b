import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Lock, ShieldX, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TAdminUsersResponse } from '#shared/schemas/auth.ts';
import { PageContainer, PageHeader } from '../components/layout/app-layout.tsx';
import { Button } from '../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../components/ui/card.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { errorText, isApiError } from '../lib/api.ts';
import { useCurrentUser } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export const ADMIN_USERS_KEY = ['/api/admin/users'] as const;

/**
 * The route has no client guard (spec-core 2.1); what it shows depends on the role, and the
 * server checks that role again for the data.
 */
export default function AdminPanelPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.title'));
  const { user, isLoading } = useCurrentUser();

  if (isLoading) return <Loading fullPage />;
  if (!user) {
    return (
      <StateCard
        icon={<Lock aria-hidden="true" className="size-7" />}
        title={t('admin.signInTitle')}
        text={t('admin.signInText')}
        action={
          <Button asChild>
            <Link href="/login">{t('nav.login')}</Link>
          </Button>
        }
      />
    );
  }
  if (user.role !== 'admin') return <NotAuthorized />;
  return <AdminUsers />;
}

function NotAuthorized() {
  const { t } = useTranslation();
  return (
    <StateCard
      testId="admin-not-authorized"
      icon={<ShieldX aria-hidden="true" className="size-7" />}
      title={t('admin.notAuthorizedTitle')}
      text={t('admin.notAuthorizedText')}
      action={
        <Button asChild variant="outline">
          <Link href="/">{t('common.backHome')}</Link>
        </Button>
      }
    />
  );
}

function StateCard({
  icon,
  title,
  text,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
  testId?: string;
}) {
  return (
    <PageContainer width="narrow">
      <Card data-testid={testId}>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-700">
            {icon}
          </span>
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
          <p className="max-w-sm text-slate-600">{text}</p>
          <div className="mt-2">{action}</div>
        </CardContent>
      </Card>
    </PageContainer>
  );
}

function AdminUsers() {
  const { t, i18n } = useTranslation();
  const query = useQuery<TAdminUsersResponse>({ queryKey: ADMIN_USERS_KEY });

  if (query.isPending) return <Loading fullPage />;
  if (query.isError) {
    if (isApiError(query.error) && (query.error.status === 403 || query.error.status === 401)) {
      return <NotAuthorized />;
    }
    return (
      <PageContainer width="narrow">
        <Card>
          <CardHeader>
            <CardTitle>{t('general.errorTitle')}</CardTitle>
            <CardDescription>{errorText(query.error, t('admin.loadFailed'))}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
          </CardContent>
        </Card>
      </PageContainer>
    );
  }

  const users = query.data.users;
  return (
    <PageContainer width="wide">
      <PageHeader title={t('admin.title')} description={t('admin.subtitle')} />
      <Card>
        <CardHeader className="flex-row items-center gap-2">
          <Users aria-hidden="true" className="size-5 text-brand-700" />
          <CardTitle className="text-lg">
            {t('admin.usersTitle', { count: users.length })}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {users.length === 0 ? (
            <p className="text-slate-600">{t('admin.noUsers')}</p>
          ) : (
            <div className="overflow-x-auto">
              <table
                className="w-full min-w-[40rem] text-left text-sm"
                data-testid="admin-users-table"
              >
                <caption className="sr-only">{t('admin.usersCaption')}</caption>
                <thead className="border-b border-slate-200 text-slate-600">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('admin.columnId')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('admin.columnUsername')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('admin.columnEmail')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('admin.columnRole')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('admin.columnVerified')}
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      {t('admin.columnCreated')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {users.map((row) => (
                    <tr key={row.id}>
                      <td className="py-2 pr-4 text-slate-600 tabular-nums">{row.id}</td>
                      <td className="py-2 pr-4 font-medium text-slate-900">{row.username}</td>
                      <td className="py-2 pr-4 text-slate-700">{row.email}</td>
                      <td className="py-2 pr-4">
                        <span
                          className={
                            row.role === 'admin'
                              ? 'rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800'
                              : 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700'
                          }
                        >
                          {row.role === 'admin' ? t('admin.roleAdmin') : t('admin.roleUser')}
                        </span>
                      </td>
                      <td className="py-2 pr-4 text-slate-700">
                        {row.emailVerified ? t('common.yes') : t('common.no')}
                      </td>
                      <td className="py-2 text-slate-700 tabular-nums">
                        {new Date(row.createdAt).toLocaleDateString(i18n.language)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
