import type { TPublicUser } from '#shared/schemas/auth.ts';

export interface NavLink {
  href: string;
  labelKey: string;
}

/** The top bar's links; the admin link only for the admin role. */
export function navLinksFor(user: TPublicUser | null): NavLink[] {
  const links: NavLink[] = [
    { href: '/', labelKey: 'nav.home' },
    { href: '/user-details', labelKey: 'nav.createCard' },
    { href: '/my-cards', labelKey: 'nav.myCards' },
    { href: '/corporate-dashboard', labelKey: 'nav.corporate' },
  ];
  if (user?.role === 'admin') links.push({ href: '/admin-panel', labelKey: 'nav.adminPanel' });
  return links;
}

export function isActivePath(location: string, href: string): boolean {
  return href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`);
}
