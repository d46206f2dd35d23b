import { cutAtWord, fitToLimit, platformLength } from '#shared/marketing/social-count.ts';
import { PLATFORM_TITLE_LIMITS, type SocialPlatform } from '#shared/marketing/social.ts';
import type { LocalLanguage } from '#shared/marketing/summary.ts';
import { targetLength } from './social-compose.ts';
import { inLanguage, splitSentences, type CompanyFacts } from './social-facts.ts';
import { hashtagLine, hashtagsFor, HASHTAG_COUNT } from './social-hashtags.ts';
import { tidyText } from './tidy-text.ts';

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

/** A title from a sentence, within the platform's title limit, cut at a word. */
function headline(sentence: string, limit: number): string {
  return cutAtWord(sentence.replace(/[。.!！?？]+$/u, ''), limit);
}

const BULLET = /^[\s•·*▪◆🔹📌✨👉-]+/u;

/**
 * The sentences as points: bullets taken off (the layout adds its own), and a label line
 * ("主营产品：", "What we make:") joined with the bulleted items under it.
 */
function points(sentences: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const sentence = sentences[i]!.replace(BULLET, '').trim();
    if (!sentence) continue;
    if (!/[:：]$/u.test(sentence)) {
      out.push(sentence);
      continue;
    }
    const items: string[] = [];
    while (i + 1 < sentences.length && BULLET.test(sentences[i + 1]!)) {
      items.push(sentences[++i]!.replace(BULLET, '').trim());
    }
    const chinese = /\p{Script=Han}/u.test(sentence);
    out.push(items.length > 0 ? `${sentence}${items.join(chinese ? '、' : ', ')}` : sentence);
  }
  return out;
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
      return { body: points(sentences), closing: words.wechatCta, separator: '\n' };
    case 'xiaohongshu': {
      const [first = '', ...rest] = points(sentences);
      // The sparkles count against the title's limit too.
      const title = `✨${headline(first, (PLATFORM_TITLE_LIMITS.xiaohongshu ?? 20) - 2)}✨`;
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
  const sentences = splitSentences(tidyText(plain)).filter(
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
    bestPostTime: BEST_POST_TIME[platform][language],
  };
}
