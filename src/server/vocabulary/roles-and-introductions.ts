/*
 * Words that say who or what a line is about, read by the answer engine: a company's own
 * introduction (its headings, and sentences that say what it makes, since when, where), a
 * person named by a title or a role, and the organisations a "who" question may ask for.
 * Written out in both scripts, as the engine matches the normalized text as printed.
 */

/** Headings of a company's introduction. */
export const ABOUT_HEADING =
  /about|overview|profile|introduction|who we are|company|简介|介绍|关于|概况|概述|公司/u;

/** Sentences that introduce a company: what it makes, since when, where. */
export const ABOUT_SENTENCE =
  /\b(?:produc|manufactur|establish|founded|located|speciali[sz]|leading|supplier|factory|company|co\.|ltd|inc\b|we (?:are|make|offer))|成立|位于|专业|生产|主营|公司|企业|工厂/u;

/** "Who is the auditor / the accounting firm": a company answers, not a person. */
export const ORGANISATION_NOUN =
  /\b(?:firm|company|auditor|bank|organi[sz]ation|entity|supplier|manufacturer|agency|institution|distributor|provider|subsidiary)\b/u;

/** A sentence that names a person: a title, a role (who may do the work), a contact label. */
export const PERSON_HINT =
  /\b(?:mr|mrs|ms|dr|miss)\b\.?|\b(?:manager|director|ceo|founder|president|chairman|owner|contact|engineer|representative|sales|technicians?|electricians?|installers?|personnel|staff|specialists?|dealers?|servicers?|authori[sz]ed|officers?|chief|attn)\b|经理|總監|总监|联系人|聯絡人|负责人|創辦人|创始人|董事长|总经理|主管|先生|女士|小姐|代表/iu;
