import * as Menu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, CircleUserRound, Compass, LogOut, UserRoundCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TPublicUser } from '#shared/schemas/auth.ts';
import { useLogout } from '#web/lib/session.ts';
import { GuideState, useGuide } from '../onboarding/guide-link.tsx';
import { Button } from '../ui/button.tsx';

const ITEM =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 [&>svg]:size-4 [&>svg]:shrink-0 [&>svg]:text-slate-500';

/** The top bar's user menu: the account, the getting-started guide (with its state), log out. */
export function UserMenu({ user }: { user: TPublicUser }) {
  const { t } = useTranslation();
  const guide = useGuide();
  const logout = useLogout();
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          data-testid="nav-username"
          aria-label={t('nav.userMenu', { username: user.username })}
        >
          <CircleUserRound aria-hidden="true" />
          <span className="max-w-40 truncate">{user.username}</span>
          <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          data-testid="user-menu"
          className="z-40 min-w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <Menu.Item asChild className={ITEM}>
            <Link href="/user-management" data-testid="nav-account">
              <UserRoundCog aria-hidden="true" />
              {t('nav.accountSettings')}
            </Link>
          </Menu.Item>
          <Menu.Item asChild className={ITEM}>
            <Link href="/onboarding" data-testid="nav-onboarding">
              <Compass aria-hidden="true" />
              <span className="flex-1">{t('onboarding.link')}</span>
              {guide ? <GuideState guide={guide} /> : null}
            </Link>
          </Menu.Item>
          <Menu.Separator className="my-1 h-px bg-slate-200" />
          <Menu.Item
            className={`${ITEM} text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800 [&>svg]:text-red-700`}
            disabled={logout.isPending}
            onSelect={() => logout.mutate()}
            data-testid="nav-logout"
          >
            <LogOut aria-hidden="true" />
            {logout.isPending ? t('nav.loggingOut') : t('nav.logout')}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
