/*
 * Traditional Chinese folded to Simplified, character by character, so a question typed in
 * one script finds documents written in the other. The fold is applied to both sides (index
 * and query), so it only has to be consistent, not a perfect conversion. The first pairs are
 * the frequent-character list of ingest/han-script.ts (kept private there), then characters
 * common in trade questions.
 */

/** Traditional then Simplified, pair after pair. */
const PAIRS =
  '這这為为個个國国時时來来們们於于對对會会發发動动過过說说產产種种後后學学經经進进著着電电裡里現现實实兩两體体製制機机當当點点從从業业應应開开還还義义間间樣样與与關关線线內内數数麼么質质氣气變变條条沒没結结問问無无軍军並并題题黨党員员總总設设長长頭头資资邊边級级圖图統统較较將将組组見见計计別别論论運运農农幾几區区強强決决幹干戰战則则據据處处隊队給给門门規规熱热領领東东導导壓压爭争濟济階阶術术極极聯联認认權权證证採采轉转單单風风帶带場场車车務务萬万達达積积議议聲声報报鬥斗類类離离華华確确張张馬马節节話话況况溫温傳传許许廣广記记觀观織织裝装眾众書书復复兒儿須须際际驗验連连斷断難难礦矿週周備备辦办習习響响約约勞劳團团歷历構构稱称準准號号維维劃划選选標标寫写親亲養养層层卻却專专狀状廠厂識识適适屬属圓圆調调滿满縣县參参紅红細细聽听該该鐵铁價价嚴严龍龙飛飞銷销貨货貿贸輸输郵邮網网營营額额訂订購购詢询飾饰磚砖紋纹拋抛顏颜陳陈蘇苏灣湾項项舉举覽览館馆紙纸紡纺醫医藥药療疗齒齿輪轮鋼钢鋁铝銅铜鍍镀鏈链閥阀輛辆軟软庫库戶户檢检測测環环綠绿減减擴扩費费貴贵請请謝谢碼码頁页塊块誠诚優优創创攜携續续寧宁堅坚燈灯纜缆腦脑視视頻频讀读鐘钟鎖锁嗎吗繫系寬宽歲岁億亿買买賣卖訊讯貼贴陸陆臺台綫线攤摊寶宝險险贈赠擇择顧顾絲丝綿绵膠胶護护責责遠远遞递遲迟餘余舊旧麵面園园圍围齊齐鳥鸟魚鱼麗丽黃黄艙舱櫃柜鑽钻錶表鏡镜衛卫廁厕濕湿燒烧爐炉煙烟厭厌廳厅擁拥擔担壞坏雙双讓让譯译覺觉銀银錢钱錯错鍋锅閱阅陽阳陰阴隨随雜杂雞鸡靈灵靜静順顺預预顆颗顯显飲饮飯饭髮发鬆松魯鲁鮮鲜鹽盐麥麦誰谁絡络鎮镇倉仓監监範范隻只曆历態态談谈樓楼廚厨櫥橱牆墙塗涂簡简換换誤误稅税帳账財财韓韩紐纽蘭兰僑侨亞亚歐欧獲获榮荣譽誉獎奖勢势藍蓝軸轴彈弹橋桥簾帘蓋盖築筑襪袜褲裤繡绣羅罗妳你裏里乾干劑剂試试啟启閉闭畫画職职懲惩績绩儲储鄉乡莊庄憂忧慮虑覆复複复輕轻緊紧淨净髒脏亂乱賤贱賠赔償偿鋪铺擊击彎弯濱滨瀋沈滬沪閩闽粵粤贛赣遼辽鄭郑劉刘楊杨趙赵吳吴鄧邓蕭萧葉叶馮冯盧卢蔣蒋譚谭鍾钟龔龚賴赖潔洁漢汉愛爱憶忆懷怀樂乐檔档歸归殼壳氫氢滅灭漲涨濾滤獨独畢毕盡尽盤盘禮礼穩稳窮穷競竞簽签糧粮紀纪純纯終终絕绝綁绑緒绪縮缩繩绳腳脚膚肤蘋苹蟲虫補补訪访評评詳详語语諮咨講讲讚赞販贩賓宾賽赛趨趋載载輔辅遊游違违遺遗鄰邻釋释針针鈕钮鉛铅錄录鍵键鏽锈鑄铸閃闪闊阔陣阵隱隐頓顿飄飘駕驾騰腾驅驱鬧闹龜龟';

const FOLD = new Map<string, string>();
{
  const chars = [...PAIRS];
  for (let i = 0; i + 1 < chars.length; i += 2) FOLD.set(chars[i]!, chars[i + 1]!);
}

const HAS_TRADITIONAL = new RegExp(`[${[...FOLD.keys()].join('')}]`, 'u');

/** The text with Traditional characters replaced by their Simplified forms. */
export function foldToSimplified(text: string): string {
  if (!HAS_TRADITIONAL.test(text)) return text;
  let out = '';
  for (const char of text) out += FOLD.get(char) ?? char;
  return out;
}

/** Traditional-only and Simplified-only characters in the text (which script it is written in). */
export function countHanVariants(text: string): { traditional: number; simplified: number } {
  const simplifiedForms = SIMPLIFIED_FORMS;
  let traditional = 0;
  let simplified = 0;
  for (const char of text) {
    if (FOLD.has(char)) traditional++;
    else if (simplifiedForms.has(char)) simplified++;
  }
  return { traditional, simplified };
}

const SIMPLIFIED_FORMS: ReadonlySet<string> = new Set(
  [...FOLD.values()].filter((char) => !FOLD.has(char)),
);
