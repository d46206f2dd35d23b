import type { Scenario, StarterCategory, StarterTone } from '#shared/marketing/starters.ts';
import type { LocalLanguage } from '#shared/marketing/summary.ts';
import { inLanguage, shortProduct, type CompanyFacts } from './social-facts.ts';
import { companyName, writeSummary } from './summary-local.ts';
import { tidyText } from './tidy-text.ts';

/*
 * Conversation starters written with no model: for each of the five categories, openers that
 * quote the company's own facts (products, highlights, certifications, trade terms), set in
 * the scenario and the tone. A template whose fact is missing is skipped, never filled in.
 */

export interface StarterDraft {
  category: StarterCategory;
  title: string;
  content: string;
}

export interface StarterOptions {
  scenario: Scenario;
  tone: StarterTone;
  language: LocalLanguage;
  includeCompanySummary: boolean;
  profile: { role?: string; interests?: string };
}

const PLACES: Record<LocalLanguage, Record<Scenario, string>> = {
  en: {
    business_conference: 'this conference',
    industry_event: 'this industry event',
    networking_mixer: 'tonight’s mixer',
    startup_pitch: 'this pitch event',
    client_meeting: 'our meeting today',
    international_event: 'this international fair',
  },
  'zh-CN': {
    business_conference: '商务会议',
    industry_event: '行业活动',
    networking_mixer: '交流酒会',
    startup_pitch: '创业路演',
    client_meeting: '客户洽谈会',
    international_event: '国际展会',
  },
};

const TONE_OPENERS: Record<LocalLanguage, Record<StarterTone, string>> = {
  en: {
    professional: '',
    casual: 'Hi! ',
    friendly: 'Hello, glad to meet you! ',
    enthusiastic: 'So great to be here! ',
  },
  'zh-CN': {
    professional: '',
    casual: '嗨，',
    friendly: '您好，很高兴认识您！',
    enthusiastic: '太棒了，终于见到您！',
  },
};

const TITLES: Record<LocalLanguage, Record<string, string>> = {
  en: {
    intro: 'Introduce your company',
    pitch: 'Short company pitch',
    why: 'Why they came',
    first: 'First visit?',
    sourcing: 'Sourcing question',
    terms: 'Offer your terms',
    trend: 'Market demand',
    certs: 'Certification expectations',
    role: 'Their work',
    travel: 'Keep in touch',
    interest: 'Shared interest',
  },
  'zh-CN': {
    intro: '介绍公司',
    pitch: '简短公司介绍',
    why: '了解来意',
    first: '初次参会？',
    sourcing: '采购需求',
    terms: '介绍合作条件',
    trend: '市场需求',
    certs: '认证要求',
    role: '了解对方工作',
    travel: '保持联系',
    interest: '共同兴趣',
  },
};

function draftsEn(
  facts: CompanyFacts,
  o: StarterOptions,
): Array<[StarterCategory, string, string | null]> {
  const name = companyName(facts, 'en');
  const place = PLACES.en[o.scenario];
  const [p1, p2] = facts.products.map(shortProduct);
  const highlight = facts.highlights[0];
  const certs = facts.certifications.join(', ');
  const term =
    facts.tradeTerms.find((t) => t.kind === 'moq' || t.kind === 'oem') ?? facts.tradeTerms[0];
  return [
    [
      'company_intro',
      'intro',
      o.includeCompanySummary
        ? writeSummary(facts, 'networking_intro', 'en').content
        : `I'm with ${name}${p1 ? `; we make ${p1}` : ''}.`,
    ],
    [
      'company_intro',
      'pitch',
      p1
        ? `At ${name} we make ${p1}${p2 ? ` and ${p2}` : ''}. ${certs ? `Our products are certified ${certs}. ` : ''}What brings you to ${place}?`
        : null,
    ],
    [
      'ice_breaker',
      'why',
      `What brings you to ${place}?${p1 ? ` We came to show our ${p1}.` : ''}`,
    ],
    [
      'ice_breaker',
      'first',
      `Is this your first time at ${place}? ${name} came to meet buyers${p1 ? ` looking for ${p1}` : ''}.`,
    ],
    [
      'business_opportunity',
      'sourcing',
      p1
        ? `Are you sourcing ${p1}${p2 ? ` or ${p2}` : ''} at the moment? I can send you our catalogue and a quotation after ${place}.`
        : null,
    ],
    [
      'business_opportunity',
      'terms',
      term ? `In case it helps your planning: ${term.text} Would that work for your orders?` : null,
    ],
    [
      'industry_insight',
      'trend',
      highlight
        ? `${highlight} How is demand developing in your market?`
        : p1
          ? `How is demand for ${p1} developing in your market?`
          : null,
    ],
    [
      'industry_insight',
      'certs',
      certs
        ? `Our products carry ${certs}. Which certifications do buyers in your market expect?`
        : null,
    ],
    [
      'personal_connection',
      'role',
      `What does your work involve?${o.profile.role ? ` As ${o.profile.role}, I enjoy hearing how people use products like ours.` : ''}`,
    ],
    [
      'personal_connection',
      'travel',
      `Where are you travelling from? I'd be glad to keep in touch after ${place}.`,
    ],
    [
      'personal_connection',
      'interest',
      o.profile.interests ? `Outside work I'm into ${o.profile.interests}. What about you?` : null,
    ],
  ];
}

function draftsZh(
  facts: CompanyFacts,
  o: StarterOptions,
): Array<[StarterCategory, string, string | null]> {
  const name = companyName(facts, 'zh-CN');
  const place = PLACES['zh-CN'][o.scenario];
  const [p1, p2] = facts.products.map(shortProduct);
  const highlight = facts.highlights[0];
  const certs = facts.certifications.join('、');
  const term =
    facts.tradeTerms.find((t) => t.kind === 'moq' || t.kind === 'oem') ?? facts.tradeTerms[0];
  return [
    [
      'company_intro',
      'intro',
      o.includeCompanySummary
        ? writeSummary(facts, 'networking_intro', 'zh-CN').content
        : `我来自${name}${p1 ? `，我们主营${p1}` : ''}。`,
    ],
    [
      'company_intro',
      'pitch',
      p1
        ? `${name}专注于${p1}${p2 ? `和${p2}` : ''}。${certs ? `产品已通过${certs}认证。` : ''}您这次来参加${place}主要关注哪些产品？`
        : null,
    ],
    [
      'ice_breaker',
      'why',
      `您这次来参加${place}主要想了解什么？${p1 ? `我们这次带来了${p1}。` : ''}`,
    ],
    [
      'ice_breaker',
      'first',
      `您是第一次参加${place}吗？${name}这次来${p1 ? `是想结识采购${p1}的朋友` : '是想结识更多客户'}。`,
    ],
    [
      'business_opportunity',
      'sourcing',
      p1
        ? `您目前有采购${p1}${p2 ? `或${p2}` : ''}的需求吗？${place}结束后我可以把产品目录和报价发给您。`
        : null,
    ],
    [
      'business_opportunity',
      'terms',
      term ? `供您参考：${term.text} 这样的条件适合您的订单吗？` : null,
    ],
    [
      'industry_insight',
      'trend',
      highlight
        ? `${highlight} 您所在市场的需求最近怎么样？`
        : p1
          ? `您所在市场对${p1}的需求最近怎么样？`
          : null,
    ],
    [
      'industry_insight',
      'certs',
      certs ? `我们的产品已通过${certs}认证。您的市场对认证有哪些要求？` : null,
    ],
    [
      'personal_connection',
      'role',
      `您平时主要负责哪方面的工作？${o.profile.role ? `我是${o.profile.role}，很想听听大家是怎么使用这类产品的。` : ''}`,
    ],
    ['personal_connection', 'travel', `您是从哪里过来的？${place}之后我们保持联系吧。`],
    [
      'personal_connection',
      'interest',
      o.profile.interests ? `工作之余我喜欢${o.profile.interests}，您呢？` : null,
    ],
  ];
}

/** Categories whose openers begin with the tone's greeting (the others carry it in the close). */
const GREETED: ReadonlySet<StarterCategory> = new Set(['ice_breaker', 'personal_connection']);

export function draftStarters(allFacts: CompanyFacts, options: StarterOptions): StarterDraft[] {
  const language = options.language;
  const facts = inLanguage(allFacts, language);
  const rows = language === 'en' ? draftsEn(facts, options) : draftsZh(facts, options);
  const opener = TONE_OPENERS[language][options.tone];
  return rows
    .filter((row): row is [StarterCategory, string, string] => row[2] !== null)
    .map(([category, titleKey, content]) => {
      let text = (GREETED.has(category) ? `${opener}${content}` : content).trim();
      if (options.tone === 'enthusiastic')
        text = text.replace(/[.。]$/u, language === 'en' ? '!' : '！');
      return { category, title: TITLES[language][titleKey] ?? titleKey, content: tidyText(text) };
    });
}
