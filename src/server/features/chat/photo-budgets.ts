import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { VisitorLimits } from '#shared/limits.ts';
import type { AppContext } from '#server/context.ts';
import { formatByteLimit } from '#server/lib/byte-limit.ts';
import { AppError } from '#server/lib/errors.ts';
import { createByteLimit, createKeyedLimit } from '#server/lib/rate-limits.ts';
import { cardPhotoBytes } from './visitor-photos.ts';

/*
 * What visitors' chat photos may take (src/shared/limits.ts): a storage budget per card, and
 * budgets an hour — photos and bytes per client address and per visitor, bytes per card. The
 * address budgets apply with or without a visitor cookie, so leaving the cookie out gains
 * nothing. A photo is counted before it is decoded (decoding costs the server, whatever comes
 * of it). The owner's documents have their own quota; photos never count against it.
 */

export interface PhotoAdmission {
  /** Ends the photo's reservation of room on its card (once it is stored, or refused). */
  release(): void;
}

export interface PhotoBudgets {
  /**
   * Counts a photo of `bytes` against every budget, or throws — 413 when the card has no room
   * left, 429 when an hourly budget is spent — counting nothing when the card is full or a
   * budget is already spent.
   */
  admit(
    request: FastifyRequest,
    photo: { cardId: number; visitorKey: string | null; bytes: number },
  ): Promise<PhotoAdmission>;
}

function storageFull(limits: VisitorLimits): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', 'errors.chatPhotoStorageFull', {
    limit: formatByteLimit(limits.chatPhotoStorageBytesPerCard),
  });
}

/** The hourly budgets' 429, with the wait in minutes (Retry-After keeps the seconds). */
function photoRateLimited(error: unknown): unknown {
  if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') return error;
  const seconds = Number(error.params.seconds ?? 60);
  return new AppError('RATE_LIMITED', 'errors.chatPhotosRateLimited', {
    seconds,
    minutes: Math.max(1, Math.ceil(seconds / 60)),
  });
}

export function createPhotoBudgets(
  app: FastifyInstance,
  ctx: AppContext,
  limits: VisitorLimits,
): PhotoBudgets {
  const window = limits.chatPhotoWindowMs;
  const photosPerAddress = createKeyedLimit(
    app,
    'chat-photos-address',
    limits.chatPhotosPerAddress,
    window,
  );
  const photosPerVisitor = createKeyedLimit(
    app,
    'chat-photos-visitor',
    limits.chatPhotosPerVisitor,
    window,
  );
  const bytesPerCard = createByteLimit(
    app,
    'chat-photo-bytes-card',
    limits.chatPhotoBytesPerCard,
    window,
  );
  const bytesPerAddress = createByteLimit(
    app,
    'chat-photo-bytes-address',
    limits.chatPhotoBytesPerAddress,
    window,
  );
  const bytesPerVisitor = createByteLimit(
    app,
    'chat-photo-bytes-visitor',
    limits.chatPhotoBytesPerVisitor,
    window,
  );
  /** Bytes of photos admitted on this instance and not yet in their messages, per card. */
  const pending = new Map<number, number>();

  const reserve = (cardId: number, bytes: number): PhotoAdmission => {
    pending.set(cardId, (pending.get(cardId) ?? 0) + bytes);
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        const left = (pending.get(cardId) ?? 0) - bytes;
        if (left > 0) pending.set(cardId, left);
        else pending.delete(cardId);
      },
    };
  };

  return {
    async admit(request, { cardId, visitorKey, bytes }) {
      const address = normalizeIP(request.ip);
      const card = String(cardId);
      const stored = await cardPhotoBytes(ctx, cardId);
      // Checked and reserved at once: photos on their way in count as stored.
      if (stored + (pending.get(cardId) ?? 0) + bytes > limits.chatPhotoStorageBytesPerCard) {
        throw storageFull(limits);
      }
      const admission = reserve(cardId, bytes);
      try {
        // Nothing is counted while any budget is already spent...
        await photosPerAddress.assertAllowed(request, address);
        await bytesPerAddress.assertRoom(request, address, bytes);
        await bytesPerCard.assertRoom(request, card, bytes);
        if (visitorKey) {
          await photosPerVisitor.assertAllowed(request, visitorKey);
          await bytesPerVisitor.assertRoom(request, visitorKey, bytes);
        }
        // ...then the photo counts everywhere (a race past a budget is refused here).
        await Promise.all([
          photosPerAddress.hit(request, address),
          bytesPerAddress.spend(request, address, bytes),
          bytesPerCard.spend(request, card, bytes),
          ...(visitorKey
            ? [
                photosPerVisitor.hit(request, visitorKey),
                bytesPerVisitor.spend(request, visitorKey, bytes),
              ]
            : []),
        ]);
        return admission;
      } catch (error) {
        admission.release();
        throw photoRateLimited(error);
      }
    },
  };
}
