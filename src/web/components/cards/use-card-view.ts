import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { withSource } from '#shared/chat-source.ts';
import type { TBusinessCard } from '#shared/schemas/cards.ts';
import type { CardTexts, CardView } from '#web/components/cards/card-svg.tsx';

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

/** The logo as a data URL, or null when it cannot be loaded (then it is skipped). */
async function fetchLogoDataUrl(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { credentials: 'include' });
    if (!response.ok) return null;
    const blob = await response.blob();
    if (!blob.type.startsWith('image/')) return null;
    const dataUrl = await blobToDataUrl(blob);
    // Make sure the browser can draw it at all; a broken image would blank the whole SVG.
    await new Promise<void>((resolve, reject) => {
      const image = new Image();
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('not an image'));
      image.src = dataUrl;
    });
    return dataUrl;
  } catch {
    return null;
  }
}

/** Resolves once the browser has painted what is on the page now (or soon, without frames). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') setTimeout(resolve, 0);
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/**
 * The QR code for the chat link, made in the browser. Making it (a 432-px PNG) is a long task
 * on a phone, and its library is not needed for the first paint: both come after the page
 * around it has been painted, then the code fills in.
 */
export async function makeQr(text: string): Promise<string | null> {
  await afterNextPaint();
  // A library that did not arrive fails the query, which is asked again when a card next shows.
  const { default: QRCode } = await import('qrcode');
  try {
    return await QRCode.toDataURL(text, {
      errorCorrectionLevel: 'M',
      margin: 1,
      width: 432,
      color: { dark: '#0F172AFF', light: '#FFFFFFFF' },
    });
  } catch {
    return null;
  }
}

/**
 * What a card face needs: an owner's card (its values, else the owner's profile) or a public
 * card (values already resolved, no owner).
 */
export type CardViewSource = Pick<
  TBusinessCard,
  | 'contactPerson'
  | 'companyName'
  | 'email'
  | 'phone'
  | 'website'
  | 'address'
  | 'logoUrl'
  | 'chatUrl'
  | 'primaryColor'
  | 'secondaryColor'
> &
  Partial<Pick<TBusinessCard, 'jobTitle' | 'wechatId' | 'whatsapp'>> & {
    user?: Partial<TBusinessCard['user']>;
  };

export function cardLogoUrl(card: Pick<CardViewSource, 'logoUrl' | 'user'>): string | null {
  return card.logoUrl ?? card.user?.companyLogo ?? null;
}

export interface CardViewState {
  view: CardView;
  /** False until the logo and QR have been tried (the download waits for it). */
  ready: boolean;
}

/** A card's display values with its logo and QR as data URLs. */
export function useCardView(card: CardViewSource | undefined, { qr = true } = {}): CardViewState {
  const logoUrl = card ? cardLogoUrl(card) : null;
  const logo = useQuery({
    queryKey: ['card-asset', 'logo', logoUrl],
    queryFn: () => fetchLogoDataUrl(logoUrl ?? ''),
    enabled: Boolean(logoUrl),
    staleTime: Infinity,
    gcTime: 10 * 60 * 1000,
    refetchOnWindowFocus: false,
  });
  // The code is scanned: visits through it count as "qr".
  const chatUrl = card?.chatUrl ? withSource(card.chatUrl, 'qr') : '';
  const code = useQuery({
    queryKey: ['card-asset', 'qr', chatUrl],
    queryFn: () => makeQr(chatUrl),
    enabled: qr && Boolean(chatUrl),
    staleTime: Infinity,
    gcTime: 10 * 60 * 1000,
    refetchOnWindowFocus: false,
  });

  const view: CardView = {
    name: card?.contactPerson ?? card?.user?.username ?? '',
    company: card?.companyName ?? card?.user?.companyName ?? '',
    email: card?.email ?? card?.user?.email ?? '',
    phone: card?.phone ?? card?.user?.phone ?? '',
    website: card?.website ?? card?.user?.website ?? '',
    address: card?.address ?? card?.user?.address ?? '',
    jobTitle: card?.jobTitle ?? '',
    wechat: card?.wechatId ?? '',
    whatsapp: card?.whatsapp ?? '',
    logo: logo.data ?? null,
    qr: code.data ?? null,
    primaryColor: card?.primaryColor ?? '#3B82F6',
    secondaryColor: card?.secondaryColor ?? '#1E40AF',
  };
  const ready =
    Boolean(card) && (!logoUrl || !logo.isPending) && (!qr || !chatUrl || !code.isPending);
  return { view, ready };
}

export function useCardTexts(): CardTexts {
  const { t } = useTranslation();
  return {
    email: t('cardTemplates.email'),
    phone: t('cardTemplates.phone'),
    website: t('cardTemplates.website'),
    address: t('cardTemplates.address'),
    scan: t('cardTemplates.scanToConnect'),
    wechat: t('cardTemplates.wechat'),
    whatsapp: t('cardTemplates.whatsapp'),
  };
}
