import { Camera, ImagePlus, LoaderCircle, Mic, SendHorizontal, X } from './icons.tsx';
import {
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
} from 'react';
import { cx } from '#web/lib/chat/cx.ts';
import type { Translate } from '#web/lib/chat/i18n.ts';
import type { PreparedImage } from '#web/lib/chat/image.ts';
import { imageDataUrl } from '#web/lib/chat/image-url.ts';
import { COUNTER_FROM_CHARS, MAX_CHAT_MESSAGE_CHARS } from '#web/lib/chat/limits.ts';
import { useSpeech, type SpeechProblem } from '#web/lib/chat/use-speech.ts';
import type { Notice } from './notices.tsx';

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:pointer-events-none disabled:opacity-40';

export interface ComposerProps {
  t: Translate;
  /** The chat is not open yet. */
  disabled: boolean;
  /** A message is on its way or waiting (no second one meanwhile). */
  busy: boolean;
  onSend: (text: string, image?: PreparedImage) => void;
  onNotice: (notice: Notice) => void;
}

/**
 * The sticky input bar: camera, image, the question (2,000 characters at most, with a
 * counter near the limit), voice and send. Sits above the phone's home indicator.
 */
export function Composer({ t, disabled, busy, onSend, onNotice }: ComposerProps) {
  const [text, setText] = useState('');
  const [image, setImage] = useState<PreparedImage | null>(null);
  const [preparing, setPreparing] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const id = useId();

  const speech = useSpeech({
    onText: useCallback(
      (words: string) =>
        setText((current) =>
          (current.trim() ? `${current.trimEnd()} ${words}` : words).slice(
            0,
            MAX_CHAT_MESSAGE_CHARS,
          ),
        ),
      [],
    ),
    onProblem: useCallback(
      (problem: SpeechProblem) =>
        onNotice(
          problem.kind === 'start'
            ? {
                title: { key: 'chat.errors.speechStartTitle' },
                description: { key: 'chat.errors.speechStartText' },
              }
            : {
                title: { key: 'chat.errors.speechTitle' },
                description: { key: 'chat.errors.speechText', values: { code: problem.code } },
              },
        ),
      [onNotice],
    ),
  });

  // Grow with the text up to about five lines.
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    // Empty: one line, whatever the placeholder's length.
    element.style.height = 'auto';
    if (text) element.style.height = `${Math.min(element.scrollHeight + 2, 136)}px`;
  }, [text]);

  const canSend = !disabled && !busy && !preparing && (text.trim() !== '' || image !== null);

  const send = () => {
    if (!canSend) return;
    onSend(text, image ?? undefined);
    setText('');
    setImage(null);
    // The send button disables itself while the answer comes: keep focus in the message box
    // rather than letting it fall to the page.
    textarea.current?.focus();
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again later.
    event.target.value = '';
    if (!file) return;
    setPreparing(true);
    try {
      // The compressor is fetched with the first photo, not with the page.
      const images = await import('#web/lib/chat/image.ts').catch(() => null);
      if (!images) {
        onNotice({
          title: { key: 'chat.errors.imageProcessingTitle' },
          description: { key: 'chat.errors.imageAnalysisText' },
        });
        return;
      }
      try {
        setImage(await images.prepareChatImage(file));
      } catch (error) {
        if (error instanceof images.NotAnImageError)
          onNotice({
            title: { key: 'chat.errors.imageFormatTitle' },
            description: { key: 'chat.errors.imageFormatText' },
          });
        else if (error instanceof images.ImageProcessingError)
          onNotice({
            title: { key: 'chat.errors.imageProcessingTitle' },
            description: { key: 'chat.errors.imageProcessingText' },
          });
        else throw error;
      }
    } finally {
      setPreparing(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; never while an input method is composing.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const count = text.length;
  const showCounter = count >= COUNTER_FROM_CHARS;

  return (
    <form
      data-testid="chat-composer"
      aria-label={t('chat.input.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      className="shrink-0 border-t border-slate-200 bg-white pr-[env(safe-area-inset-right)] pb-[env(safe-area-inset-bottom)] pl-[env(safe-area-inset-left)]"
    >
      <div className="mx-auto max-w-3xl px-2 pt-2 pb-2 sm:px-4">
        {image || preparing ? (
          <div className="mb-2 flex items-center gap-2 px-1" data-testid="chat-image-preview">
            {image ? (
              <img
                src={imageDataUrl(image)}
                alt=""
                className="size-14 rounded-lg border border-slate-200 object-cover"
              />
            ) : (
              <span className="inline-flex size-14 items-center justify-center rounded-lg border border-slate-200 bg-slate-50">
                <LoaderCircle
                  aria-hidden="true"
                  className="size-5 text-brand-600 motion-safe:animate-spin"
                />
              </span>
            )}
            <span className="min-w-0 flex-1 text-sm text-slate-700" role="status">
              {image ? t('chat.input.imageAttached') : t('chat.input.preparingImage')}
            </span>
            {image ? (
              <button
                type="button"
                onClick={() => setImage(null)}
                aria-label={t('chat.input.removeImage')}
                data-testid="chat-image-remove"
                className={iconButton}
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            ) : null}
          </div>
        ) : null}
        <div className="flex items-end gap-1">
          <button
            type="button"
            onClick={() => cameraInput.current?.click()}
            disabled={disabled || busy || preparing}
            aria-label={t('chat.input.camera')}
            data-testid="chat-camera"
            className={iconButton}
          >
            <Camera aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            onClick={() => imageInput.current?.click()}
            disabled={disabled || busy || preparing}
            aria-label={t('chat.input.image')}
            data-testid="chat-image-button"
            className={iconButton}
          >
            <ImagePlus aria-hidden="true" className="size-5" />
          </button>
          <input
            ref={cameraInput}
            type="file"
            accept="image/*"
            capture="environment"
            tabIndex={-1}
            aria-hidden="true"
            className="hidden"
            data-testid="chat-camera-input"
            onChange={(event) => void pick(event)}
          />
          <input
            ref={imageInput}
            type="file"
            accept="image/*"
            tabIndex={-1}
            aria-hidden="true"
            className="hidden"
            data-testid="chat-image-input"
            onChange={(event) => void pick(event)}
          />
          <label htmlFor={`${id}-input`} className="sr-only">
            {t('chat.input.label')}
          </label>
          <textarea
            ref={textarea}
            id={`${id}-input`}
            data-testid="chat-input"
            rows={1}
            value={text}
            maxLength={MAX_CHAT_MESSAGE_CHARS}
            onChange={(event) => setText(event.target.value.slice(0, MAX_CHAT_MESSAGE_CHARS))}
            onKeyDown={onKeyDown}
            placeholder={speech.listening ? t('chat.input.listening') : t('chat.input.placeholder')}
            enterKeyHint="send"
            aria-describedby={showCounter ? `${id}-counter` : undefined}
            className="block max-h-34 min-h-11 min-w-0 flex-1 resize-none rounded-3xl border border-slate-300 bg-slate-50 px-4 py-2.5 text-base leading-6 text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:bg-white focus-visible:outline-2 focus-visible:outline-brand-500/40"
          />
          {speech.supported ? (
            <button
              type="button"
              onClick={speech.toggle}
              disabled={disabled}
              aria-pressed={speech.listening}
              aria-label={speech.listening ? t('chat.input.micStop') : t('chat.input.micStart')}
              data-testid="chat-mic"
              className={cx(
                iconButton,
                speech.listening && 'bg-red-600 text-white hover:bg-red-700 hover:text-white',
              )}
            >
              {speech.listening ? (
                <span
                  aria-hidden="true"
                  className="size-3.5 rounded-[3px] bg-current motion-safe:animate-pulse"
                />
              ) : (
                <Mic aria-hidden="true" className="size-5" />
              )}
            </button>
          ) : null}
          <button
            type="submit"
            disabled={!canSend}
            aria-label={t('chat.input.send')}
            data-testid="chat-send"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:bg-slate-300 disabled:text-slate-500"
          >
            <SendHorizontal aria-hidden="true" className="size-5" />
          </button>
        </div>
        {showCounter ? (
          <p
            id={`${id}-counter`}
            data-testid="chat-counter"
            aria-live="polite"
            className={cx(
              'mt-1 pr-14 text-right text-xs',
              count >= MAX_CHAT_MESSAGE_CHARS ? 'font-semibold text-red-700' : 'text-slate-500',
            )}
          >
            {t('chat.input.counter', { count, max: MAX_CHAT_MESSAGE_CHARS })}
          </p>
        ) : null}
      </div>
    </form>
  );
}
