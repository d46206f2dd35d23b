import { Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { inReaderLanguage } from '#shared/limits.ts';
import { useLandingContent } from '#web/lib/landing/queries.ts';

/*
 * The parts of the landing page the admin edits: promises under the headline, what exhibitors
 * say, the closing sentence. Each is in the reader's language (else the first one written);
 * a part with nothing to show is left out, and nothing shows while the content loads.
 */

function useReaderText() {
  const { i18n } = useTranslation();
  return (value: Parameters<typeof inReaderLanguage>[0]) => inReaderLanguage(value, i18n.language);
}

export function HeroPromises() {
  const { t } = useTranslation();
  const text = useReaderText();
  const promises = (useLandingContent().data?.content.promises ?? []).map(text).filter(Boolean);
  if (promises.length === 0) return null;
  return (
    <ul
      className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-200"
      aria-label={t('landing.promisesLabel')}
      data-testid="landing-promises"
    >
      {promises.map((promise, index) => (
        <li key={index} className="flex items-center gap-2">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-400" />
          {promise}
        </li>
      ))}
    </ul>
  );
}

export function Testimonials() {
  const { t } = useTranslation();
  const text = useReaderText();
  const testimonials = (useLandingContent().data?.content.testimonials ?? []).filter((item) =>
    text(item.quote),
  );
  if (testimonials.length === 0) return null;
  return (
    <section
      aria-labelledby="testimonials-title"
      className="mx-auto w-full max-w-6xl px-4 sm:px-6"
      data-testid="landing-testimonials"
    >
      <h2
        id="testimonials-title"
        className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
      >
        {t('landing.testimonials.title')}
      </h2>
      <ul className="mt-6 grid gap-4 lg:grid-cols-3">
        {testimonials.map((item, index) => (
          <li key={index}>
            <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <Quote aria-hidden="true" className="size-6 text-amber-500" />
              <blockquote className="mt-3 flex-1 text-slate-800">{text(item.quote)}</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="block font-semibold text-slate-900">{item.name}</span>
                <span className="text-slate-600">{text(item.role)}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CtaText() {
  const text = useReaderText();
  const cta = useLandingContent().data?.content.cta;
  const sentence = cta ? text(cta) : '';
  if (!sentence) return null;
  return <p className="mx-auto mt-3 max-w-2xl text-brand-100">{sentence}</p>;
}
