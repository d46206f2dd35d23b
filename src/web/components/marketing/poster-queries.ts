import { useQuery } from '@tanstack/react-query';
import type {
  TApplyPaletteRequest,
  TApplyPaletteResponse,
  TPaletteResponse,
} from '#shared/marketing/palette.ts';
import type {
  TPoster,
  TPosterForm,
  TPosterTemplate,
  TQuickPosterRequest,
} from '#shared/marketing/poster.ts';
import { apiErrorFromText, apiRequest } from '#web/lib/api.ts';
import { saveBlob } from '../cards/card-image.ts';

export const POSTER_TEMPLATES_PATH = '/api/poster-templates';

export function usePosterTemplates() {
  return useQuery({
    queryKey: [POSTER_TEMPLATES_PATH],
    queryFn: () => apiRequest<TPosterTemplate[]>('GET', POSTER_TEMPLATES_PATH),
    staleTime: 60 * 60 * 1000,
  });
}

export function usePosters(cardId: number | null) {
  return useQuery({
    queryKey: ['/api/posters', cardId],
    queryFn: () => apiRequest<TPoster[]>('GET', `/api/posters?businessCardId=${cardId}`),
    enabled: cardId !== null,
  });
}

export const generatePoster = (form: TPosterForm) =>
  apiRequest<TPoster>('POST', '/api/generate-event-poster', form);

export const generatePosterVariations = (form: TPosterForm) =>
  apiRequest<{ posters: TPoster[] }>('POST', '/api/generate-event-poster-variations', {
    ...form,
    variations: 3,
  });

export const generateQuickPoster = (input: Partial<TQuickPosterRequest>) =>
  apiRequest<{ success: boolean; posterUrl: string; poster: TPoster }>(
    'POST',
    '/api/posters/generate',
    input,
  );

export const generatePalettes = (companyDescription: string) =>
  apiRequest<TPaletteResponse>('POST', '/api/generate-color-palette', { companyDescription });

/** One palette onto a card: its colours and its posters' ("custom" with none chosen). */
export const applyPalette = (cardId: number, body: TApplyPaletteRequest) =>
  apiRequest<TApplyPaletteResponse>('POST', `/api/business-cards/${cardId}/palette`, body);

/** The name in a Content-Disposition header (the UTF-8 form when present). */
function dispositionName(header: string | null, fallback: string): string {
  const utf8 = header?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return header?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/** Fetches the poster with its QR overlay and saves it under the server's file name. */
export async function downloadPoster(poster: TPoster): Promise<void> {
  const response = await fetch(poster.downloadUrl, { credentials: 'include' });
  if (!response.ok) {
    throw apiErrorFromText(response.status, response.statusText, await response.text());
  }
  const name = dispositionName(
    response.headers.get('content-disposition'),
    `poster-${poster.id}.png`,
  );
  saveBlob(await response.blob(), name);
}
