import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdminUser, TAdminUserPage, TAdminUserPatch } from '#shared/admin.ts';
import { apiRequest, errorText } from '#web/lib/api.ts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogAction,
} from '../ui/alert-dialog.tsx';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { Loading } from '../ui/spinner.tsx';
import { toast } from '../ui/use-toast.ts';
import { Pager } from './pager.tsx';
import { adminUsersKey, refreshAdminData } from './queries.ts';

type Action = 'disable' | 'enable' | 'makeAdmin' | 'makeUser' | 'verify' | 'unverify';

const PATCH_FOR: Record<Action, TAdminUserPatch> = {
  disable: { disabled: true },
  enable: { disabled: false },
  makeAdmin: { role: 'admin' },
  makeUser: { role: 'user' },
  verify: { emailVerified: true },
  unverify: { emailVerified: false },
};

/**
 * The changes an admin can make to an account, each as the opposite of its state; those the
 * server refuses anyway (disabling oneself, demoting an ADMIN_EMAILS admin) are not offered.
 */
function actionsFor(user: TAdminUser, currentUserId: number): Action[] {
  const actions: Action[] = [];
  if (user.id !== currentUserId || user.disabled)
    actions.push(user.disabled ? 'enable' : 'disable');
  if (!(user.role === 'admin' && user.adminByConfig)) {
    actions.push(user.role === 'admin' ? 'makeUser' : 'makeAdmin');
  }
  actions.push(user.emailVerified ? 'unverify' : 'verify');
  return actions;
}

export function UsersTab({ currentUserId }: { currentUserId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<{ user: TAdminUser; action: Action } | null>(null);

  const users = useQuery({
    queryKey: adminUsersKey(query, page),
    queryFn: () =>
      apiRequest<TAdminUserPage>(
        'GET',
        `/api/admin/users?${new URLSearchParams({ query, page: String(page) })}`,
      ),
    placeholderData: (previous) => previous,
  });

  const change = useMutation({
    mutationFn: ({ user, action }: { user: TAdminUser; action: Action }) =>
      apiRequest<{ user: TAdminUser }>('PATCH', `/api/admin/users/${user.id}`, PATCH_FOR[action]),
    onSuccess: ({ user }) => {
      toast({
        title: t('admin.users.saved'),
        description: t('admin.users.savedText', { username: user.username }),
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({
        title: t('admin.users.failed'),
        description: errorText(error, t('general.errorTitle')),
        variant: 'destructive',
      });
    },
    onSettled: () => refreshAdminData(queryClient),
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draft.trim());
    setPage(1);
  };

  return (
    <section aria-labelledby="admin-users-heading" className="grid gap-4">
      <form onSubmit={search} className="flex flex-wrap items-end gap-2" role="search">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <Label htmlFor="admin-user-search">{t('admin.users.searchLabel')}</Label>
          <Input
            id="admin-user-search"
            type="search"
            value={draft}
            maxLength={100}
            placeholder={t('admin.users.searchPlaceholder')}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" />
          {t('admin.users.search')}
        </Button>
      </form>

      <h2 id="admin-users-heading" className="text-base font-semibold text-slate-900">
        {users.data ? t('admin.users.total', { count: users.data.total }) : t('admin.tabs.users')}
      </h2>

      {users.isPending ? (
        <Loading />
      ) : users.isError ? (
        <p className="text-red-700" role="alert">
          {errorText(users.error, t('admin.loadFailed'))}
        </p>
      ) : users.data.users.length === 0 ? (
        <p className="text-slate-600">{t('admin.noUsers')}</p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          data-testid="admin-users-table"
        >
          {users.data.users.map((user) => (
            <li
              key={user.id}
              className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center lg:justify-between"
              data-testid="admin-user-row"
              data-username={user.username}
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  <span className="break-all">{user.username}</span>
                  {user.id === currentUserId ? (
                    <span className="text-xs text-slate-500">({t('admin.users.you')})</span>
                  ) : null}
                  <Badge tone={user.role === 'admin' ? 'brand' : 'slate'}>
                    {user.role === 'admin' ? t('admin.roleAdmin') : t('admin.roleUser')}
                  </Badge>
                  <Badge tone={user.disabled ? 'red' : 'green'}>
                    {user.disabled ? t('admin.users.disabled') : t('admin.users.active')}
                  </Badge>
                  {!user.emailVerified ? (
                    <Badge tone="amber">{t('admin.users.unverified')}</Badge>
                  ) : null}
                </p>
                <p className="text-sm break-all text-slate-600">{user.email}</p>
                <p className="text-xs text-slate-500">
                  {t('admin.columnCreated')}:{' '}
                  {new Date(user.createdAt).toLocaleDateString(i18n.language)}
                  {user.adminByConfig ? ` · ${t('admin.users.byConfig')}` : ''}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {actionsFor(user, currentUserId).map((action) => (
                  <Button
                    key={action}
                    size="sm"
                    variant={action === 'disable' ? 'destructive' : 'outline'}
                    disabled={change.isPending}
                    onClick={() => setPending({ user, action })}
                  >
                    {t(`admin.users.${action}`)}
                  </Button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      {users.data ? (
        <Pager
          page={users.data.page}
          pageSize={users.data.pageSize}
          total={users.data.total}
          onPage={setPage}
          testId="admin-users-pager"
        />
      ) : null}

      <AlertDialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        <AlertDialogContent>
          {pending ? (
            <>
              <AlertDialogHeader>
                <AlertDialogTitle>
                  {t(`admin.users.confirm.${pending.action}Title`, {
                    username: pending.user.username,
                  })}
                </AlertDialogTitle>
                <AlertDialogDescription>
                  {t(`admin.users.confirm.${pending.action}Text`)}
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t('admin.cancel')}</AlertDialogCancel>
                <AlertDialogAction
                  destructive={pending.action === 'disable'}
                  onClick={() => change.mutate(pending)}
                >
                  {t(`admin.users.${pending.action}`)}
                </AlertDialogAction>
              </AlertDialogFooter>
            </>
          ) : null}
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

const TONES = {
  brand: 'bg-brand-50 text-brand-800',
  slate: 'bg-slate-100 text-slate-700',
  red: 'bg-red-50 text-red-800',
  green: 'bg-emerald-50 text-emerald-800',
  amber: 'bg-amber-50 text-amber-900',
} as const;

function Badge({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>
      {children}
    </span>
  );
}
