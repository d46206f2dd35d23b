/*
 * Words a question is made of that ask nothing (stop words), question words that do ask
 * something ("how thick"), and the soft words that say "your company" in general.
 */

const ENGLISH_STOP = new Set(
  `a an the is are was were be been being am do does did doing done have has had having what whats
  which who whom whose where when why how this that these those there here it its i me my mine we
  us our ours you your yours u ur he she him her his they them their theirs of in on at to for from
  by with about as into onto over under between than then and or but if so not no yes can could
  would should will shall may might must please tell know let lets want wanted like need give show
  explain describe any some all each every much many more most very also too just only get got
  kind sort hi hello hey thanks thank ok okay dear sir madam information info detail details
  question questions answer anyone someone something anything thing things one available mean
  means there s t d ll re ve m don doesn didn isn aren wasn weren haven hasn won wouldn couldn
  shouldn let's it's what's where's who's how's i'm you're we're they're don't doesn't isn't
  aren't can't cannot do you'd i'd currently current actually really able possible mm cm m kg g
  include included includes including contain contains time today now exactly approximately amount
  roughly specifically usually typically generally normally kindly briefly please put use
  uses used using take takes go goes come see find
  pcs pc sqm m2 ft inch inches percent`.split(/\s+/),
);

const CHINESE_STOP = new Set(
  `的 了 是 吗 呢 吧 啊 呀 么 嘛 哦 喔 你 您 你们 您们 你的 您的 你们的 我的 我们的 他们的 我 我们 他 他们 她 她们 它 它们 贵 贵司 贵公司 贵方
  这 那 这个 那个 这些 那些 这里 那里 有 没有 是否 能 能否 可以 可 会 要 想 在 和 与 及 以及 或 或者 给
  告诉 一下 一些 些 就 都 也 还 又 个 到 从 对 把 被 让 关于 知道 了解 问 问题 请 请问 一 样 多 长 大 中
  做 用 为 于 并 而 等 之 其 该 此 啥 咋 嗯 好 谢谢 你好 您好 哈 哪 谁 几 什么 多少 怎么 怎样 怎么样 如何
  为什么 哪里 哪儿 哪些 哪个 哪家 哪一 目前 现在 主要 一共 总共 大概 大约 具体 呢 得 地 着 过 吧 时候 包括
  包含`.split(/\s+/),
);

/** Question words that carry meaning: "how thick" asks for the thickness. */
export const ENGLISH_QUESTION_PHRASES: ReadonlyArray<[RegExp, string]> = [
  [
    /\b(?:according to|as per|based on|(?:as )?(?:mentioned|described|stated|given|shown) in|in) (?:the|this) (?:document|manual|guide|report|text|file|pdf|filing|agreement|contract|handbook|datasheet|specification)s?\b/g,
    ' ',
  ],
  // "Answer in million", "(in USD millions)": how to write the figure, not where it is.
  [
    /\b(?:answer|give|respond|reply|round)(?: \w+){0,3} in (?:usd |us\$ )?(?:millions?|billions?|thousands?)\b|\(in (?:usd |us\$ )?(?:millions?|billions?|thousands?)\)|\bin (?:usd |us\$ )?(?:millions|billions|thousands)\s*[?？.]?\s*$/g,
    ' ',
  ],
  [/\bhow (?:thick)\b/g, ' thickness '],
  [/\bhow (?:big|large)\b/g, ' size '],
  [/\bhow heavy\b/g, ' weight '],
  [/\bhow (?:many|much|long|often|far|soon|old|quickly|fast|early|late)\b/g, ' '],
];
export const CHINESE_QUESTION_PHRASES: ReadonlyArray<[RegExp, string]> = [
  [/多少钱/g, ' 价格 '],
  [/多长时间|多久|多少天|几天|多少时间|什么时候|何时|哪一年|哪年/g, ' '],
  [/叫什么名字|叫什么|的名字|名字是|姓名/g, ' '],
  [/多厚/g, ' 厚度 '],
  [/多重/g, ' 重量 '],
  [/多大/g, ' 尺寸 '],
  [
    /多少|几个|几|什么样|什么|怎么样|怎样|怎么|如何|为什么|为何|哪里|哪儿|哪些|哪个|哪一|哪家|哪|谁|吗|呢|吧|是否|有没有|能不能|可不可以|请问|一下/g,
    ' ',
  ],
];

/** Words that say "your company" or "your products" in general: weak evidence alone. */
export const SOFT_WORDS = new Set(
  `company companies product products service services offer offers offering provide provides
  providing sell sells selling make makes making manufacture manufactures manufacturer business
  range item items introduce introduction overview profile brand brands type types kind model
  models option options way ways method category style rating ratings level levels value
  values spec specs specification specifications parameter parameters feature features number
  numbers work works working show shows showing exhibit exhibiting present presenting display
  displaying launch launching 公司 产品
  服务 企业 介绍 简介 情况 时间 信息 资料 业务 型号 类型 种类 参数 规格 方面 提供 供应`.split(
    /\s+/,
  ),
);

/** Soft words that ask for an overview of the company ("what products do you make?"). */
export const OVERVIEW_WORDS: ReadonlySet<string> = new Set(
  `company companies product products service services offer offers offering provide provides
  sell sells make makes manufacture manufactures manufacturer business range introduce
  introduction overview profile 公司 产品 服务 企业 介绍 简介 业务`.split(/\s+/),
);

/*
 * Function words of the other languages buyers ask in (Spanish, Portuguese, French, German,
 * Italian, Russian): they say the question is not English, so only its codes, figures and the
 * trade vocabulary's words (which list "precio", "цена" …) are searched for.
 */
const FOREIGN_STOP = new Set(
  `el la los las del al de un una unos unas es son y o en para por con que qué cuál cuáles cuánto
  cuánta cuántos cuántas cómo dónde cuándo su sus tiene tienen hay se le lo este esta estos
  ese esa usted ustedes nos o os as do da dos das um uma é são em com qual quais quanto quanta
  como onde quando seu sua vocês tem le les des du une est sont et ou dans pour avec quel quelle
  quels quelles combien comment où quand vous votre vos nous der die das ein eine ist sind und
  oder mit für wie viel viele wo wann ihr ihre sie haben gibt il lo gli di che quale quali
  quanto quanti come dove quando è sono avete какая какой какие каков сколько что где когда как
  у вас ваш ваша ваше ваши есть ли на в и для по это этот эта с о от до`.split(/\s+/),
);

/** Letters of a script other than Latin and Han (Cyrillic, Greek, Arabic …). */
const OTHER_SCRIPT = /[^\p{Script=Latin}\p{Script=Han}\P{L}]/u;

/** A question in another language than English or Chinese. */
export function isForeignQuestion(words: readonly string[]): boolean {
  if (words.some((word) => OTHER_SCRIPT.test(word))) return true;
  const foreign = words.filter((word) => FOREIGN_STOP.has(word)).length;
  const english = words.filter((word) => ENGLISH_STOP.has(word)).length;
  return foreign >= 1 && english === 0;
}

export function isForeignStopWord(word: string): boolean {
  return FOREIGN_STOP.has(word);
}

export function isStopWord(word: string): boolean {
  return ENGLISH_STOP.has(word) || CHINESE_STOP.has(word);
}
