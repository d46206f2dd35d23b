import { fitToLimit, platformLength } from '#shared/marketing/social-count.ts';
import type { SocialPlatform } from '#shared/marketing/social.ts';
import type { LocalLanguage } from '#shared/marketing/summary.ts';
import { IDEAL_LENGTH, targetLength } from './social-compose.ts';
import { inLanguage, splitSentences, type CompanyFacts } from './social-facts.ts';
import { hashtagLine, hashtagsFor, HASHTAG_COUNT } from './social-hashtags.ts';

/*
 * One text adapted to each platform with no model: the owner's own sentences, laid out as each
 * platform's readers expect (paragraphs and a question on LinkedIn, one tight sentence on X,
 * emoji lines on Instagram, a title and pinned points on Xiaohongshu, short lines for WeChat
 * Moments), the mentions kept, hashtags from the text and the company, within the limit.
 */

export interface LocalTransformation {
  content: string;
  hashtags: string[];
  mentions: string[];
  mediaType: 'image' | 'text';
  estimatedReach: number;
  bestPostTime: string;
}

const HASHTAG = /(?:^|\s)#([\p{L}\p{N}_]+)#?/gu;
const MENTION = /(?:^|\s)(@[\p{L}\p{N}_.-]+)/gu;

export const MEDIA_TYPE: Record<SocialPlatform, 'image' | 'text'> = {
  linkedin: 'text',
  twitter: 'text',
  facebook: 'image',
  instagram: 'image',
  wechat_moments: 'image',
  xiaohongshu: 'image',
};

/** Commonly reported best posting windows (local time of the audience). */
export const BEST_POST_TIME: Record<SocialPlatform, { en: string; 'zh-CN': string }> = {
  linkedin: { en: 'Tue–Thu 08:00–10:00', 'zh-CN': '周二至周四 08:00–10:00' },
  twitter: { en: 'Wed 09:00–12:00', 'zh-CN': '周三 09:00–12:00' },
  facebook: { en: 'Wed–Fri 11:00–13:00', 'zh-CN': '周三至周五 11:00–13:00' },
  instagram: { en: 'Mon–Fri 11:00–13:00', 'zh-CN': '周一至周五 11:00–13:00' },
  wechat_moments: { en: 'Daily 20:00–22:00', 'zh-CN': '每天 20:00–22:00' },
  xiaohongshu: { en: 'Daily 19:00–22:00', 'zh-CN': '每天 19:00–22:00' },
};

/** A typical organic audience of one business post (the base of the estimate). */
const BASE_REACH: Record<SocialPlatform, number> = {
  linkedin: 1200,
  twitter: 800,
  facebook: 1000,
  instagram: 1500,
  wechat_moments: 300,
  xiaohongshu: 2000,
};

/**
 * estimatedReach = base audience × (0.5 + 0.5 × how well the length fits) × (1 + 0.05 per
 * hashtag, up to the platform's usual count): a rule, not a promise.
 */
export function estimateReach(platform: SocialPlatform, length: number, tags: number): number {
  const [low, high] = IDEAL_LENGTH[platform];
  const fit = length >= low && length <= high ? 1 : length < low ? length / low : high / length;
  const tagBoost = 1 + 0.05 * Math.min(tags, HASHTAG_COUNT[platform]);
  return Math.round(BASE_REACH[platform] * (0.5 + 0.5 * fit) * tagBoost);
}

export function isChineseText(text: string): boolean {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/gu)?.length ?? 0;
  return han > latin / 3;
}

const WORDS = {
  en: {
    linkedinQuestion: 'What matters most to you when choosing a supplier? Tell us in the comments.',
    facebookCta: '👉 Message us to learn more.',
    instagramCta: 'Link in bio ✨',
    wechatCta: 'Message me for details 📩',
    xhsCta: 'Save this note and message us for samples 💌',
  },
  'zh-CN': {
    linkedinQuestion: '您在选择供应商时最看重什么？欢迎留言交流。',
    facebookCta: '👉 欢迎私信了解更多。',
    instagramCta: '详情见主页链接 ✨',
    wechatCta: '欢迎私信咨询 📩',
    xhsCta: '收藏本篇，私信获取样品 💌',
  },
} as const;

/** A title from a sentence: 20 Chinese characters, or whole words up to 40 Latin ones. */
function headline(sentence: string): string {
  const bare = sentence.replace(/[。.!！?？]+$/u, '');
  if (/\p{Script=Han}/u.test(bare)) return [...bare].slice(0, 20).join('');
  let title = '';
  for (const word of bare.split(/\s+/u)) {
    if (title && title.length + word.length + 1 > 40) break;
    title = title ? `${title} ${word}` : word;
  }
  return title;
}

function layout(
  platform: SocialPlatform,
  paragraphs: readonly string[],
  sentences: readonly string[],
  language: LocalLanguage,
): { body: string[]; closing: string | null; separator: string } {
  const words = WORDS[language];
  switch (platform) {
    case 'linkedin':
      return { body: [...paragraphs], closing: words.linkedinQuestion, separator: '\n\n' };
    case 'twitter':
      return { body: [...sentences], closing: null, separator: ' ' };
    case 'facebook':
      return { body: [...paragraphs], closing: words.facebookCta, separator: '\n\n' };
    case 'instagram':
      return {
        body: sentences.map((sentence, i) => (i === 0 ? `✨ ${sentence}` : sentence)),
        closing: words.instagramCta,
        separator: '\n',
      };
    case 'wechat_moments':
      return { body: [...sentences], closing: words.wechatCta, separator: '\n' };
    case 'xiaohongshu': {
      const [first = '', ...rest] = sentences;
      const title = `✨${headline(first)}✨`;
      return {
        body: [title, ...(rest.length > 0 ? rest : [first]).map((s) => `📌 ${s}`)],
        closing: words.xhsCta,
        separator: '\n',
      };
    }
  }
}

export function transformLocally(
  text: string,
  platform: SocialPlatform,
  facts: CompanyFacts | null,
): LocalTransformation {
  const language: LocalLanguage = isChineseText(text) ? 'zh-CN' : 'en';
  const ownTags = [...text.matchAll(HASHTAG)].map((match) => match[1]!);
  const mentions = [...new Set([...text.matchAll(MENTION)].map((match) => match[1]!))];
  const plain = text
    .replace(HASHTAG, ' ')
    .replace(/[ \t]+/gu, ' ')
    .trim();
  const paragraphs = plain
    .split(/\n\s*\n/u)
    .map((part) => part.replace(/\s*\n\s*/gu, ' ').trim())
    .filter(Boolean);
  // A heading line ("Acme Co., Ltd.") that the next sentence starts with is said once.
  const sentences = splitSentences(plain).filter(
    (sentence, i, all) => !all[i + 1]?.startsWith(sentence.replace(/[.。]$/u, '')),
  );
  const hashtags = facts
    ? hashtagsFor(inLanguage(facts, language), platform, language, ownTags)
    : ownTags.slice(0, HASHTAG_COUNT[platform]).map((tag) => `#${tag}`);
  const tagLine = hashtagLine(hashtags);
  const { body, closing, separator } = layout(platform, paragraphs, sentences, language);
  const limit = targetLength(platform);
  const tail = [closing, tagLine].filter(Boolean).join(separator === ' ' ? ' ' : '\n\n');
  const budget = limit - platformLength(tail ? `${separator}${tail}` : '', platform);
  const kept: string[] = [];
  for (const block of body) {
    if (platformLength([...kept, block].join(separator), platform) > budget) break;
    kept.push(block);
  }
  const main =
    kept.length > 0 ? kept.join(separator) : fitToLimit(body.join(separator), platform, budget);
  const content = fitToLimit(
    tail ? `${main}${separator === ' ' ? ' ' : '\n\n'}${tail}` : main,
    platform,
    limit,
  );
  return {
    content,
    hashtags,
    mentions,
    mediaType: MEDIA_TYPE[platform],
    estimatedReach: estimateReach(platform, platformLength(content, platform), hashtags.length),
    bestPostTime: BEST_POST_TIME[platform][language],
  };
}
