/*
 * Character lists that tell Simplified from Traditional Chinese, and real Chinese text from
 * bytes decoded with the wrong legacy encoding. Both questions are answered by counting
 * characters that people actually write, so no dictionary or model is needed.
 */

/** The 500 most frequent characters of modern Chinese, Simplified forms. */
const FREQUENT_SIMPLIFIED =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严龙飞';

/** The same 500 characters in Traditional forms, position by position. */
const FREQUENT_TRADITIONAL =
  '的一是在不了有和人這中大為上個國我以要他時來用們生到作地於出就分對成會可主發年動同工也能下過子說產種面而方後多定行學法所民得經十三之進著等部度家電力裡如水化高自二理起小物現實加量都兩體製機當使點從業本去把性好應開它合還因由其些然前外天政四日那社義事平形相全表間樣與關各重新線內數正心反你明看原又麼利比或但質氣第向道命此變條只沒結解問意建月公無系軍很情者最立代想已通並提直題黨程展五果料象員革位入常文總次品式活設及管特件長求老頭基資邊流路級少圖山統接知較將組見計別她手角期根論運農指幾九區強放決西被幹做必戰先回則任取據處隊南給色光門即保治北造百規熱領七海口東導器壓志世金增爭濟階油思術極交受聯什認六共權收證改清己美再採轉更單風切打白教速花帶安場身車例真務具萬每目至達走積示議聲報鬥完類八離華名確才科張信馬節話米整空元況今集溫傳土許步群廣石記需段研界拉林律叫且究觀越織裝影算低持音眾書布復容兒須際商非驗連斷深難近礦千週委素技備半辦青省列習響約支般史感勞便團往酸歷市克何除消構府稱太準精值號率族維劃選標寫存候毛親快效斯院查江型眼王按格養易置派層片始卻專狀育廠京識適屬圓包火住調滿縣局照參紅細引聽該鐵價嚴龍飛';

/** Pairs frequent in company documents (trade, products, contact details). */
const TRADE_PAIRS =
  '销銷 货貨 贸貿 输輸 邮郵 网網 营營 额額 订訂 购購 询詢 饰飾 砖磚 纹紋 抛拋 颜顏 陈陳 苏蘇 湾灣 项項 举舉 览覽 馆館 纸紙 纺紡 医醫 药藥 疗療 齿齒 轮輪 钢鋼 铝鋁 铜銅 镀鍍 链鏈 阀閥 辆輛 软軟 库庫 户戶 检檢 测測 环環 绿綠 减減 扩擴 产產 质質 费費 贵貴 请請 谢謝 码碼 页頁 块塊 诚誠 优優 创創 携攜 续續 销銷 务務 宁寧 坚堅 灯燈 线線 缆纜 电電 脑腦 视視 频頻 读讀 问問 题題 细細 钟鐘 锁鎖 页頁';

/*
 * Pairs left out of the script decision: the "Simplified" member is also ordinary Traditional
 * usage (后 in 皇后, 于 as a surname, 制 in 制度...) or the "Traditional" member is ordinary
 * Simplified usage (著 in 著名).
 */
const AMBIGUOUS = new Set('于着里制干采斗周准后划');

function pairsFromAlignedLists(): Array<[string, string]> {
  const simplified = [...FREQUENT_SIMPLIFIED];
  const traditional = [...FREQUENT_TRADITIONAL];
  const pairs: Array<[string, string]> = [];
  simplified.forEach((char, index) => {
    const other = traditional[index];
    if (other && other !== char) pairs.push([char, other]);
  });
  for (const pair of TRADE_PAIRS.split(' ')) {
    const [s, t] = [...pair];
    if (s && t) pairs.push([s, t]);
  }
  return pairs.filter(([s]) => !AMBIGUOUS.has(s));
}

const PAIRS = pairsFromAlignedLists();

/** Characters written only in Simplified Chinese. */
export const SIMPLIFIED_ONLY: ReadonlySet<string> = new Set(PAIRS.map(([s]) => s));
/** Characters written only in Traditional Chinese. */
export const TRADITIONAL_ONLY: ReadonlySet<string> = new Set(PAIRS.map(([, t]) => t));
/** Frequent characters in either script: real Chinese text is full of them, mis-decoded bytes are not. */
export const FREQUENT_HAN: ReadonlySet<string> = new Set([
  ...FREQUENT_SIMPLIFIED,
  ...FREQUENT_TRADITIONAL,
  ...TRADE_PAIRS.replace(/ /g, ''),
]);

/** How many characters of `text` are Simplified-only and Traditional-only. */
export function countChineseVariants(text: string): { simplified: number; traditional: number } {
  let simplified = 0;
  let traditional = 0;
  for (const char of text) {
    if (SIMPLIFIED_ONLY.has(char)) simplified++;
    else if (TRADITIONAL_ONLY.has(char)) traditional++;
  }
  return { simplified, traditional };
}

/** Share of Han characters in `text` that are frequent ones (near 0 for mis-decoded bytes). */
export function frequentHanShare(text: string): { han: number; frequent: number } {
  let han = 0;
  let frequent = 0;
  for (const char of text) {
    if (/\p{Script=Han}/u.test(char)) {
      han++;
      if (FREQUENT_HAN.has(char)) frequent++;
    }
  }
  return { han, frequent };
}
