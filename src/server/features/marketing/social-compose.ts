import { fitToLimit, platformLength } from '#shared/marketing/social-count.ts';
import {
  PLATFORM_CHAR_LIMITS,
  type SocialContentType,
  type SocialPlatform,
  type SocialTone,
} from '#shared/marketing/social.ts';
import type { LocalLanguage } from '#shared/marketing/summary.ts';
import { inLanguage, shortProduct, type CompanyFacts } from './social-facts.ts';
import { hashtagLine, hashtagsFor } from './social-hashtags.ts';
import { tidyText } from './tidy-text.ts';

/*
 * A social post written with no model, from the company's facts: blocks in the order the
 * content type needs them (opener in the chosen tone, overview, products, highlights,
 * certifications, trade terms, a call to action), added while they fit the platform's limit
 * as the platform counts, then the hashtags. Nothing is invented: every block quotes a fact.
 */

export interface ComposedPost {
  content: string;
  hashtags: string[];
}

/** Twitter text a bit under its limit, leaving room for a quote or a link. */
const TWITTER_TARGET = 240;

export function targetLength(platform: SocialPlatform): number {
  return platform === 'twitter' ? TWITTER_TARGET : PLATFORM_CHAR_LIMITS[platform];
}

/** True when most of the company's text is Chinese. */
export function prefersChinese(facts: CompanyFacts): boolean {
  const text = [facts.overview, ...facts.products, ...facts.highlights].join('');
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/gu)?.length ?? 0;
  return han > latin / 3;
}

const PHRASES = {
  en: {
    opener: {
      professional: (name: string) => `${name} — quality you can build a business on.`,
      formal: (name: string) => `We are pleased to introduce ${name}.`,
      casual: (name: string) => `Hey everyone! Meet ${name} 👋`,
      humorous: (name: string) => `Fun fact: buyers who meet ${name} rarely leave empty-handed 😄`,
    },
    productsTitle: 'What we make:',
    productsInline: (list: string) => `Our products: ${list}.`,
    certified: (list: string) => `Certified: ${list}.`,
    cta: {
      post: 'Meet us at the fair: scan our card’s QR code to chat with us.',
      thread: 'Questions? Scan our card’s QR code and ask us directly.',
      promotional: 'Ask us for a quote today.',
      informational: 'Learn more about us.',
    },
    website: (url: string) => `More: ${url}`,
    bullet: '• ',
    listJoin: ', ',
  },
  'zh-CN': {
    opener: {
      professional: (name: string) => `${name}：专业品质，值得信赖的合作伙伴。`,
      formal: (name: string) => `诚挚向您介绍${name}。`,
      casual: (name: string) => `嗨，大家好！来认识一下${name} 👋`,
      humorous: (name: string) => `冷知识：见过${name}的采购商，很少空手而归 😄`,
    },
    productsTitle: '主营产品：',
    productsInline: (list: string) => `主营：${list}。`,
    certified: (list: string) => `资质认证：${list}。`,
    cta: {
      post: '展会现场见！扫描名片二维码即可与我们在线沟通。',
      thread: '有问题？扫描名片二维码直接问我们。',
      promotional: '欢迎来询价，获取报价单。',
      informational: '欢迎进一步了解我们。',
    },
    website: (url: string) => `了解更多：${url}`,
    bullet: '🔹 ',
    listJoin: '、',
  },
} as const;

interface Blocks {
  opener: string;
  overview: string[];
  products: string[];
  highlights: string[];
  certifications: string[];
  terms: string[];
  cta: string[];
}

function blocksFor(
  facts: CompanyFacts,
  options: { platform: SocialPlatform; contentType: SocialContentType; tone: SocialTone },
  language: LocalLanguage,
): Blocks {
  const words = PHRASES[language];
  const name = facts.companyName ?? (language === 'en' ? 'our company' : '我们公司');
  const compact = options.platform === 'twitter';
  const productCount = compact ? 2 : options.contentType === 'promotional' ? 3 : 5;
  const products = facts.products.slice(0, productCount);
  const productBlock =
    products.length === 0
      ? []
      : compact
        ? [words.productsInline(products.map(shortProduct).join(words.listJoin))]
        : [`${words.productsTitle}\n${products.map((p) => words.bullet + p).join('\n')}`];
  const highlights = facts.highlights.slice(0, compact ? 1 : 3);
  // A certification the overview or a highlight already names is not listed again.
  const said = [facts.overview, ...highlights].join('\n');
  const unsaid = facts.certifications.filter((cert) => !said.includes(cert));
  return {
    opener: words.opener[options.tone](name),
    overview: facts.overview ? [facts.overview] : [],
    products: productBlock,
    highlights,
    certifications: unsaid.length > 0 ? [words.certified(unsaid.join(words.listJoin))] : [],
    terms: facts.tradeTerms.slice(0, 3).map((term) => term.text),
    cta: [
      words.cta[options.contentType],
      ...(facts.website && !compact ? [words.website(facts.website)] : []),
    ],
  };
}

function orderFor(contentType: SocialContentType, blocks: Blocks): string[] {
  switch (contentType) {
    case 'promotional':
      return [blocks.opener, ...blocks.products, ...blocks.terms, ...blocks.certifications];
    case 'informational':
      return [
        blocks.opener,
        ...blocks.overview,
        ...blocks.highlights,
        ...blocks.certifications,
        ...blocks.products,
      ];
    default:
      return [
        blocks.opener,
        ...blocks.overview,
        ...blocks.products,
        ...blocks.highlights,
        ...blocks.certifications,
      ];
  }
}

/** Joins blocks while they fit `budget`; the call to action is kept by dropping blocks first. */
function assemble(
  body: readonly string[],
  cta: readonly string[],
  options: { platform: SocialPlatform; budget: number; separator: string; numbered: boolean },
): string {
  const join = (parts: readonly string[]) => {
    if (!options.numbered) return parts.join(options.separator);
    return parts.map((part, i) => `${i + 1}/${parts.length} ${part}`).join(options.separator);
  };
  const chosen: string[] = [];
  for (const block of body) {
    const trial = join([...chosen, block, ...cta]);
    if (platformLength(trial, options.platform) <= options.budget) chosen.push(block);
  }
  const full = join([...chosen, ...cta]);
  if (platformLength(full, options.platform) <= options.budget) return full;
  return fitToLimit(
    join(chosen.length > 0 ? chosen : body.slice(0, 1)),
    options.platform,
    options.budget,
  );
}

export function composePost(
  facts: CompanyFacts,
  options: {
    platform: SocialPlatform;
    contentType: SocialContentType;
    tone: SocialTone;
    language: LocalLanguage;
  },
): ComposedPost {
  const own = inLanguage(facts, options.language);
  const blocks = blocksFor(own, options, options.language);
  const hashtags = hashtagsFor(own, options.platform, options.language);
  const tagLine = hashtagLine(hashtags);
  const separator = options.platform === 'twitter' ? ' ' : '\n\n';
  const limit = targetLength(options.platform);
  const budget = limit - platformLength(`${separator}${tagLine}`, options.platform);
  const body = assemble(orderFor(options.contentType, blocks), blocks.cta, {
    platform: options.platform,
    budget,
    separator: options.contentType === 'thread' ? '\n\n' : separator,
    numbered: options.contentType === 'thread',
  });
  const content = tagLine ? `${tidyText(body)}${separator}${tagLine}` : tidyText(body);
  return { content: fitToLimit(content, options.platform, limit), hashtags };
}
