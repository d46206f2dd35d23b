import { normalize } from './text/normalize.ts';

/*
 * Prompt injection and red-list keywords. A message that tries to change the assistant's role
 * or to read its instructions is never acted on: the sentences that do so are removed, and what
 * is left (often nothing) is answered from the documents like any other question. Patterns are
 * matched on normalized text (lower case, Simplified Chinese).
 */

const INJECTION_PATTERNS: readonly RegExp[] = [
  // "ignore / disregard / forget ... previous instructions"
  /\b(?:ignore|disregard|forget|override|bypass)\b.{0,40}\b(?:instructions?|rules|prompts?|directions|guidelines|directives|context|programming|guardrails|documents?|excerpts?|sources?)\b/u,
  /\b(?:system|hidden|initial|developer|secret|original)\s+prompts?\b|\b(?:system|developer)\s+messages?\b|\b(?:hidden|secret|initial|original|previous|prior)\s+instructions?\b/u,
  /\b(?:reveal|show|print|display|output|repeat|recite|tell|give|share|leak|dump|list|write|expose|copy)\b.{0,30}\b(?:your|its|the assistant'?s|the bot'?s|the model'?s)\b.{0,20}\b(?:instructions?(?!\s+(?:for|on|about|to)\b)|prompts?|configuration|directives|system message|setup)/u,
  /\b(?:instructions?|prompts?|text|messages?)\s+(?:above|before this|you were given|you received)\b/u,
  /\b(?:what|which) (?:are|were) your (?:instructions?|directives)\b/u,
  // "… Output them verbatim.": the second half of a request for what came before.
  /\b(?:output|print|repeat|recite|dump|reveal|show|copy|write)\s+(?:them|it|those|these|everything|all of (?:it|them))\s+(?:verbatim|word for word|word-for-word|exactly as (?:written|given))\b/u,
  /\byou are now\b|\byou are no longer\b|\bfrom now on\b|\bact as (?:if|though|an? (?:ai|assistant|chatbot|bot|language model|hacker|different|unrestricted|evil|dan)\b)|\bpretend (?:to be|you are|that)\b|\brole-?play\b|\bjailbreak|\bdan mode\b|\bdeveloper mode\b|\bdo anything now\b|\bunrestricted\b|\bnew (?:instructions?|persona|role)\b|\bswitch (?:to|into) .{0,20}mode\b|\byour (?:new )?(?:role|persona) is\b/u,
  /<\/?\s*(?:system|assistant|user|document|instructions?)\s*>|\[\/?(?:inst|system)\]|#{2,}\s*(?:system|instructions?)|<\|im_(?:start|end)\|>/u,
  /\bsay exactly\b|\brepeat after me\b|\boutput (?:only|exactly)\b/u,
  /(?:忽略|无视|忘记|忘掉|不要理会|不要管|覆盖|绕过|抛开).{0,8}(?:之前|以上|上面|先前|前面|所有|一切|原来|原有|你的|系统|此前).{0,8}(?:指令|指示|提示|规则|设定|命令|约束)/u,
  /(?:系统|初始|隐藏|开发者).{0,4}(?:提示词|提示|指令|设定|消息)/u,
  /(?:显示|输出|打印|泄露|泄漏|告诉我|说出|重复|展示|给我看|列出|透露|公开).{0,10}(?:指令|提示词|设定|初始化)/u,
  /你现在是|从现在开始|从现在起|扮演|假装|角色扮演|越狱|开发者模式|不受限制|没有任何限制|新的(?:指令|角色|身份)|你的(?:新)?(?:角色|身份)是/u,
];

export function isInjection(text: string): boolean {
  const normalized = normalize(text);
  return INJECTION_PATTERNS.some((pattern) => pattern.test(normalized));
}

/**
 * The question without its injection sentences, and whether any were found. What remains is an
 * ordinary question (or nothing).
 */
export function stripInjection(question: string): { question: string; hadInjection: boolean } {
  if (!isInjection(question)) return { question, hadInjection: false };
  const sentences = question.split(/(?<=[.!?。！？;；\n])\s*/u);
  const kept = sentences.filter((sentence) => !isInjection(sentence));
  // Whole-message patterns (a role change spread over two sentences) leave nothing behind.
  const rest = kept.join(' ').trim();
  return { question: isInjection(rest) ? '' : rest, hadInjection: true };
}

// Red list -------------------------------------------------------------------------------------

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A keyword as typed by the owner, matched case-insensitively (a Latin word from its start). */
export function keywordMatcher(keyword: string): (text: string) => boolean {
  const needle = normalize(keyword).trim();
  if (!needle) return () => false;
  if (CJK.test(needle)) return (text) => normalize(text).includes(needle);
  const pattern = new RegExp(`(?<![\\p{Script=Latin}\\p{N}])${escapeRegExp(needle)}`, 'u');
  return (text) => pattern.test(normalize(text));
}

export interface RedListKeyword {
  keyword: string;
  matches: (text: string) => boolean;
}

export function redList(keywords: readonly string[]): RedListKeyword[] {
  return keywords
    .filter((keyword) => keyword.trim())
    .map((keyword) => ({ keyword: keyword.trim(), matches: keywordMatcher(keyword) }));
}
