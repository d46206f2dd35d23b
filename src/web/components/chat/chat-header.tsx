import {
  CircleCheck,
  ContactRound,
  Languages,
  MessageSquareText,
  UserRoundPlus,
} from './icons.tsx';
import { useState } from 'react';
import { LANGUAGES, isLanguage, type Language } from '#shared/limits.ts';
import type { SessionInfo } from '#web/lib/chat/api.ts';
import { vcardUrl } from '#web/lib/chat/api.ts';
import { LANGUAGE_NAMES, type Translate } from '#web/lib/chat/i18n.ts';

export interface ChatHeaderProps {
  t: Translate;
  info: SessionInfo | null;
  /** The card's id, or null when there is no such card (no actions then). */
  cardId: number | null;
  language: Language;
  onLanguage: (language: Language) => void;
  onLeaveDetails: () => void;
  detailsSent: boolean;
}

function Logo({ t, info }: { t: Translate; info: SessionInfo | null }) {
  const [broken, setBroken] = useState(false);
  const name = info?.companyName || info?.username || '';
  if (info?.companyLogo && !broken) {
    return (
      <img
        src={info.companyLogo}
        alt={t('chat.header.logoAlt', { company: name })}
        data-testid="chat-logo"
        width={44}
        height={44}
        decoding="async"
        onError={() => setBroken(true)}
        className="size-11 shrink-0 rounded-full border border-slate-200 bg-white object-contain"
      />
    );
  }
  const initial = name.trim().charAt(0).toUpperCase();
  return (
    <span
      aria-hidden="true"
      data-testid="chat-logo-fallback"
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-semibold text-white"
    >
      {initial || <MessageSquareText className="size-5" />}
    </span>
  );
}

/** WeChat ID (selectable, to paste into WeChat), WhatsApp and LinkedIn links, when the card has them. */
function ContactHandles({ t, info }: { t: Translate; info: SessionInfo }) {
  const whatsapp = info.whatsapp?.replace(/\D/g, '');
  const linkClass =
    'rounded-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500';
  if (!info.wechatId && !whatsapp && !info.linkedinUrl) return null;
  return (
    <p
      data-testid="chat-handles"
      aria-label={t('chat.header.contacts', { name: info.username })}
      className="flex flex-wrap gap-x-3 text-xs leading-5 text-slate-600"
    >
      {info.wechatId ? (
        <span className="select-all" data-testid="chat-wechat">
          {t('chat.header.wechat', { id: info.wechatId })}
        </span>
      ) : null}
      {whatsapp ? (
        <a
          href={`https://wa.me/${whatsapp}`}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
          data-testid="chat-whatsapp"
        >
          {t('chat.header.whatsapp')}
        </a>
      ) : null}
      {info.linkedinUrl?.startsWith('https://') ? (
        <a
          href={info.linkedinUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
          data-testid="chat-linkedin"
        >
          {t('chat.header.linkedin')}
        </a>
      ) : null}
    </p>
  );
}

const actionClass =
  'inline-flex min-h-11 min-w-0 flex-1 items-center justify-center gap-2 rounded-full border px-3 text-sm font-medium sm:flex-none sm:px-5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/**
 * Who the visitor is talking to, the language, and the two actions that are always one tap
 * away: the vCard and the contact form. They sit in the header, so they never cover messages.
 */
export function ChatHeader({
  t,
  info,
  cardId,
  language,
  onLanguage,
  onLeaveDetails,
  detailsSent,
}: ChatHeaderProps) {
  const owner = info?.username ?? '';
  const company = info?.companyName ?? '';
  const title = company || owner || t('chat.fallbackTitle');
  return (
    <header
      data-testid="chat-header"
      className="shrink-0 border-b border-slate-200 bg-white pt-[env(safe-area-inset-top)] pr-[env(safe-area-inset-right)] pl-[env(safe-area-inset-left)]"
    >
      <div className="mx-auto flex max-w-3xl items-center gap-3 px-3 pt-2 pb-1 sm:px-4">
        <Logo t={t} info={info} />
        <div className="min-w-0 flex-1">
          {info ? (
            <>
              <h1
                data-testid="chat-owner"
                className="truncate text-base leading-tight font-semibold text-slate-900"
              >
                {owner || title}
              </h1>
              {company || info.jobTitle ? (
                <p data-testid="chat-company" className="truncate text-sm text-slate-600">
                  {[info.jobTitle, company].filter(Boolean).join(' · ')}
                </p>
              ) : null}
              <ContactHandles t={t} info={info} />
            </>
          ) : (
            <h1 className="truncate text-base font-semibold text-slate-900">
              {t('chat.fallbackTitle')}
            </h1>
          )}
        </div>
        <label className="relative inline-flex shrink-0 items-center">
          <span className="sr-only">{t('chat.header.language')}</span>
          <Languages
            aria-hidden="true"
            className="pointer-events-none absolute left-2.5 size-4 text-slate-500"
          />
          <select
            data-testid="chat-language"
            value={language}
            onChange={(event) => {
              if (isLanguage(event.target.value)) onLanguage(event.target.value);
            }}
            className="h-11 max-w-[7.5rem] cursor-pointer appearance-none truncate rounded-full border border-slate-200 bg-white pr-3 pl-8 text-sm text-slate-800 hover:border-slate-300 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {cardId !== null ? (
        // Shown from the first paint (the form waits for the session), so nothing moves.
        <div className="mx-auto flex max-w-3xl gap-2 px-3 pt-1 pb-2 sm:px-4">
          <a
            href={vcardUrl(cardId)}
            download
            data-testid="save-contact"
            className={`${actionClass} border-brand-200 bg-brand-50 text-brand-800 hover:bg-brand-100`}
          >
            <ContactRound aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{t('chat.header.saveContact')}</span>
          </a>
          <button
            type="button"
            onClick={onLeaveDetails}
            disabled={!info}
            data-testid="leave-details"
            className={`${actionClass} border-slate-200 bg-white text-slate-800 hover:bg-slate-50 disabled:opacity-60`}
          >
            {detailsSent ? (
              <CircleCheck className="size-4 shrink-0 text-emerald-600" />
            ) : (
              <UserRoundPlus aria-hidden="true" className="size-4 shrink-0" />
            )}
            <span className="truncate">
              {detailsSent ? t('chat.header.detailsSent') : t('chat.header.leaveDetails')}
            </span>
          </button>
        </div>
      ) : null}
    </header>
  );
}
