import { TRADE_GROUPS } from './trade-lexicon.ts';

/*
 * Words a buyer and a brochure use for the same thing, in English and Chinese: a question that
 * says "staff" finds "employees", one that says 出口 finds "export". Only general trade-fair
 * vocabulary belongs here (prices, orders, delivery, certificates, contact details, capacity),
 * never a particular company's products. Forms are written in Simplified Chinese; Traditional
 * input is folded to Simplified before matching. A form of several English words matches when
 * all of them occur.
 */

const GROUPS: readonly string[] = [
  'price, prices, pricing, cost, quotation, quote, unit price, price list, 价格, 报价, 价钱, 单价, 多少钱, 售价, 报价单, 价目表',
  'moq, minimum order, minimum order quantity, minimum quantity, minimum purchase, 起订量, 最小起订量, 最低起订量, 起订, 最小订单, 最少订购量, 最低订购量',
  'delivery, lead time, delivery time, production time, delivery date, turnaround, 交货, 交期, 货期, 交货期, 发货, 交货时间, 生产周期',
  'payment, payment terms, payment method, pay, deposit, 付款, 支付, 付款方式, 支付方式, 付款条件, 定金, 订金, 结算',
  'sample, samples, free sample, 样品, 样板, 样册, 送样, 寄样',
  'warranty, guarantee, quality guarantee, warranty period, 质保, 保修, 质量保证, 保证, 质保期, 保修期, 保用, 保固',
  'standard, standards, norm, norms, 标准, 规范',
  'follow, comply, conform, according to, in accordance with, compliance, 符合, 依据, 按照, 遵循',
  'certificate, certification, certified, certifications, certificates, approval, 认证, 证书, 资质, 认证证书',
  'halal, 清真',
  'kosher, 犹太洁食',
  'organic, 有机',
  'employee, employees, staff, worker, workers, headcount, people, personnel, employ, workforce, 员工, 工人, 职工, 人员, 员工人数, 雇员',
  'capacity, output, production capacity, daily output, annual output, monthly output, 产能, 产量, 日产量, 年产量, 月产量, 日产, 年产, 生产能力',
  'export, exports, exported, exporting, 出口, 外销, 销往, 外贸',
  'country, countries, nation, nations, 国家',
  'market, markets, 市场',
  'booth, stand, 展位, 摊位, 展台',
  'fair, exhibition, expo, trade show, 展会, 交易会, 博览会, 展览会',
  'contact, contact person, 联系, 联系人, 联络',
  'phone, telephone, tel, mobile, 电话, 手机, 座机',
  'email, e-mail, mail, 邮箱, 邮件, 电邮',
  'address, location, located, 地址, 位于, 地点, 位置',
  'founded, established, 成立, 创立, 创建, 始建',
  'factory area, plant size, plant area, factory size, floor area, site area, 厂房面积, 占地面积, 厂区面积, 工厂面积, 建筑面积',
  'factory, plant, 工厂, 厂房, 生产基地',
  'size, sizes, dimension, dimensions, 尺寸, 规格',
  'thickness, thick, 厚度, 厚',
  'weight, weigh, heavy, 重量',
  'maximum, max, up to, at most, 最大, 最高, 最多',
  'largest, biggest, main, major, primary, 主要, 最大',
  'noise, noise level, 噪音, 噪声',
  'child, children, kid, kids, 儿童, 孩子, 小孩',
  'minimum, min, at least, no less than, 最小, 最低, 至少, 不低于',
  'voltage, volt, volts, 电压',
  'protection, ip, ingress protection, waterproof, 防护等级, 防护, 防水',
  'power, wattage, 功率',
  'colour, color, colours, colors, 颜色',
  'packing, packaging, package, carton, 包装',
  'shipping, shipment, port of loading, port, 运输, 装运, 港口, 装运港',
  'oem, odm, custom, customised, customized, customisation, customization, 定制, 贴牌, 来样',
  'installation, install, 安装',
  'brand, logo, trademark, 品牌, 商标, 标志',
  'design, designs, pattern, patterns, 设计, 花色, 款式',
  'manager, 经理',
  'sales, 销售',
  'quality, 质量, 品质',
  'material, materials, 材料, 材质',
  'catalogue, catalog, brochure, 目录, 画册, 产品手册',
  'discount, 折扣, 优惠',
  'distributor, agent, dealer, 代理, 代理商, 经销商',
  'website, web site, 网站, 网址, 官网',
  'daily, per day, a day, 每天, 日',
  'year, years, annual, 年',
  'stock, in stock, inventory, 库存, 现货',
  'production line, production lines, automatic lines, lines, 生产线',
  'warehouse, 仓库',
  'team, 团队',
  'service, services, after-sales, 服务, 售后',
  'product, products, 产品',
  'company, 公司, 企业',
];

export interface LexiconForm {
  /** Latin forms as word lists (stemmed by the caller), CJK forms as one string. */
  words: string[];
  cjk: string | null;
}

export interface LexiconGroup {
  forms: LexiconForm[];
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** The synonym groups of trade terms, then the bilingual goods and units of trade-lexicon.ts. */
export const LEXICON_GROUPS: readonly string[] = [...GROUPS, ...TRADE_GROUPS];

export function loadLexicon(stem: (word: string) => string): LexiconGroup[] {
  return LEXICON_GROUPS.map((line) => ({
    forms: line
      .split(',')
      .map((form) => form.trim().toLowerCase())
      .filter(Boolean)
      .map((form) =>
        CJK.test(form)
          ? { words: [], cjk: form }
          : {
              words: form.split(/[\s]+/).map((word) => stem(word.replace(/[/-]/g, ''))),
              cjk: null,
            },
      ),
  }));
}
