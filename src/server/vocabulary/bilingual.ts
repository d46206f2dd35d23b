import { foldToSimplified } from '#server/text/han-script.ts';

/*
 * The bilingual trade vocabulary: how a Chinese document's words are said in English when the
 * assistant states a Chinese fact to an English-reading buyer (text/to-english.ts). General trade,
 * product-sheet and company-profile words only, never one company's products. Written in
 * Simplified characters (the table is folded, so Traditional text finds the same entries); the
 * renderer takes the longest entry that matches.
 *
 * Measure words and units (台, 元, 天 …) are only read after a number ("100 台" → "100 units"):
 * alone, 台 may be part of a name. They live in NUMBER_UNITS, not in WORDS.
 */

const WORD_TABLE = `
单价=unit price; 价格=price; 价钱=price; 报价=quotation; 售价=selling price; 出厂价=ex-works price;
批发价=wholesale price; 零售价=retail price; 含税=tax included; 不含税=excluding tax; 含运费=freight included;
总价=total price; 金额=amount; 费用=cost; 运费=freight; 折扣=discount; 优惠=discount; 价目表=price list;
报价单=quotation; 起订量=MOQ; 最小起订量=MOQ; 最低起订量=MOQ; 起订=minimum order; 最小订单=minimum order;
订购量=order quantity; 订单=order; 下单=order placement; 数量=quantity; 交货期=lead time; 交期=lead time;
货期=lead time; 交货=delivery; 交货时间=delivery time; 发货=shipment; 出货=shipment; 生产周期=production time;
付款方式=payment terms; 付款条件=payment terms; 付款=payment; 支付=payment; 定金=deposit; 订金=deposit;
预付款=advance payment; 预付=prepaid; 余款=balance; 尾款=balance; 见提单副本=against copy of B/L;
提单=bill of lading; 信用证=L/C; 即期信用证=L/C at sight; 电汇=T/T; 发货前=before shipment; 出货前=before shipment;
样品=samples; 样板=samples; 免费样品=free samples; 免费=free; 收费=charged; 退还=refunded; 返还=refunded;
订单确认后=after order confirmation; 确认后=after confirmation; 保修期=warranty period; 保修=warranty;
质保期=warranty period; 质保=warranty; 保证=guarantee; 售后服务=after-sales service; 售后=after-sales;
认证=certification; 证书=certificate; 通过=passed; 符合=complies with; 标准=standard; 国家标准=national standard;
质量=quality; 品质=quality; 检验=inspection; 检测=testing; 包装=packing; 纸箱=carton; 每箱=per carton;
木箱=wooden case; 托盘=pallet; 集装箱=container; 货柜=container; 柜=container; 装箱=packing; 毛重=gross weight;
净重=net weight; 重量=weight; 尺寸=size; 规格=specification; 型号=model; 品名=product name; 名称=name;
产品=product; 产品名称=product name; 系列=series; 描述=description; 说明=description; 备注=remarks;
参数=parameters; 技术参数=technical data; 功率=power; 电压=voltage; 电流=current; 频率=frequency;
流量=flow rate; 扬程=head; 转速=speed; 效率=efficiency; 口径=bore; 出水口径=outlet diameter;
进水口径=inlet diameter; 材质=material; 材料=material; 颜色=colour; 厚度=thickness; 长度=length; 宽度=width;
高度=height; 直径=diameter; 容量=capacity; 温度=temperature; 压力=pressure; 噪音=noise; 防护等级=protection class;
绝缘等级=insulation class; 电机=motor; 马达=motor; 水泵=water pump; 泵=pump; 潜水泵=submersible pump;
深井泵=deep well pump; 离心泵=centrifugal pump; 旋涡泵=vortex pump; 自吸泵=self-priming pump; 管道泵=pipeline pump;
增压泵=booster pump; 阀门=valve; 阀=valve; 轴承=bearing; 叶轮=impeller; 不锈钢=stainless steel; 铸铁=cast iron;
铜=copper; 铝=aluminium; 塑料=plastic; 单相=single-phase; 三相=three-phase; 配件=accessories; 零件=parts;
瓷砖=tiles; 陶瓷=ceramics; 地砖=floor tiles; 墙砖=wall tiles; 抛光=polished; 釉面=glazed;
公司=company; 有限公司=Co., Ltd.; 股份有限公司=Co., Ltd.; 集团=group; 工厂=factory; 厂=factory; 厂房=plant;
成立=founded; 成立于=founded in; 创立=founded; 始建于=founded in; 位于=located in; 地址=address; 总部=headquarters;
员工=employees; 职工=employees; 工人=workers; 名员工=employees; 技术人员=technicians; 工程师=engineers;
面积=area; 占地面积=site area; 占地=site area; 建筑面积=floor area; 年产量=annual output; 产量=output;
日产量=daily output; 产能=capacity; 能力=capacity; 生产能力=production capacity; 达到=reaches; 达=reaches; 拥有=has; 具有=has; 共有=has in total; 年产=annual output; 生产线=production lines;
生产=production; 制造=manufacturing; 制造商=manufacturer; 生产商=manufacturer; 供应商=supplier;
出口=export; 出口到=exports to; 远销=exported to; 销往=sold to; 国家和地区=countries and regions;
国家=countries; 地区=regions; 市场=market; 客户=customers; 品牌=brand; 专利=patents; 国家专利=national patents;
发明专利=invention patents; 高新技术企业=high-tech enterprise; 企业=enterprise; 主营=main business;
主要产品=main products; 主营产品=main products; 主营业务=main business; 专业生产=specialises in producing;
经营范围=business scope; 研发=R&D; 研发中心=R&D centre; 技术=technology; 服务=service; 展会=trade fair;
展位=booth; 展位号=booth number; 广交会=Canton Fair; 联系人=contact person; 联系方式=contact;
联系电话=telephone; 电话=telephone; 手机=mobile; 传真=fax; 邮箱=email; 电子邮件=email; 网站=website;
网址=website; 微信=WeChat; 经理=manager; 总经理=general manager; 董事长=chairman; 外贸经理=export manager;
销售经理=sales manager; 销售=sales; 业务员=sales representative; 法定代表人=legal representative;
实际控制人=actual controller; 控制人=controller; 营业收入=operating revenue; 营业总收入=total operating revenue;
净利润=net profit; 归属于上市公司股东的净利润=net profit attributable to shareholders; 利润=profit;
总资产=total assets; 资产=assets; 负债=liabilities; 现金流量=cash flow; 同比=year on year; 增长=growth;
增加=increase; 减少=decrease; 下降=decline; 本报告期=this reporting period; 报告期=reporting period;
上年同期=same period last year; 季度=quarter; 第一季度=first quarter; 年度=year; 每股收益=earnings per share;
股东=shareholders; 股份=shares; 万元=×10,000 yuan; 亿元=×100 million yuan;
工作日=working days; 个工作日=working days; 小时=hours; 分钟=minutes; 个月=months; 月份=month;
左右=approximately; 约=about; 大约=about; 以上=or more; 以下=or less; 以内=within; 之内=within;
至少=at least; 最多=at most; 最大=maximum; 最小=minimum; 最高=maximum; 最低=minimum; 不超过=not more than;
不少于=not less than; 不低于=not less than; 每=per; 每台=per unit; 每个=per piece; 每套=per set;
全部=all; 所有=all; 其他=other; 可以=can; 可=can; 能=can; 支持=supports; 提供=provides; 接受=accepts;
需要=requires; 需=requires; 包括=including; 包含=including; 其中=of which; 以及=and; 和=and; 与=and; 及=and;
或=or; 或者=or; 为=is; 是=is; 在=in; 于=in; 从=from; 到=to; 至=to; 由=by; 对=for; 按=according to;
根据=according to; 如果=if; 如=if; 则=then; 不=not; 无=no; 没有=no; 有=has; 已=already; 已经=already;
新=new; 新款=new model; 热销=best-selling; 标配=standard; 选配=optional; 可选=optional; 定制=customised;
贴牌=OEM; 代工=OEM; 前=before; 后=after; 内=within; 起=from; 我们=we; 我们的=our; 我司=our company;
本公司=our company; 贵司=your company; 欢迎=welcome; 中国=China; 中国制造=made in China; 美国=USA; 欧洲=Europe;
亚洲=Asia; 非洲=Africa; 中东=Middle East; 南美=South America; 东南亚=Southeast Asia; 全球=worldwide;
世界=world; 全自动=fully automatic; 自动=automatic; 半自动=semi-automatic; 瓷质=porcelain; 抛釉=polished glazed; 砖=tiles; 木纹=wood grain; 仿木纹=wood-look; 仿大理石=marble-look; 大理石=marble; 花色=designs; 款式=styles; 设计中心=design centre; 新花色=new designs; 每年=every year; 推出=launches; 装配=assembly; 泵业=pumps; 样品费=sample fee; 之日起=from the date of; 自=from; 负责人=person in charge; 总裁=president; 创始人=founder; 先生=Mr; 女士=Ms; 的=; 了=; 着=; 之=; 等=etc.; 省=province; 市=city; 区=district; 镇=town; 路=road; 号=No.; 楼=floor; 室=room;
`;

/** A number followed by one of these reads "number + English" (100 台 → 100 units). */
const UNIT_TABLE = `
台=units; 个=pcs; 只=pcs; 件=pcs; 套=sets; 片=pieces; 块=pieces; 张=sheets; 箱=cartons; 包=packs; 袋=bags;
卷=rolls; 条=pieces; 根=pieces; 双=pairs; 对=pairs; 批=batches; 柜=containers; 吨=t; 公斤=kg; 千克=kg;
克=g; 斤=jin (0.5 kg); 米=m; 毫米=mm; 厘米=cm; 公里=km; 平方米=m²; 平米=m²; 立方米=m³; 升=L; 毫升=mL;
瓦=W; 千瓦=kW; 伏=V; 安=A; 赫兹=Hz; 度=°; 天=days; 日=days; 周=weeks; 个月=months; 月=months;
年=years; 小时=hours; 分钟=minutes; 秒=seconds; 个工作日=working days; 工作日=working days; 名=people;
人=people; 家=companies; 项=items; 种=kinds; 款=models; 条生产线=production lines; 个国家=countries;
多个国家=countries; 个国家和地区=countries and regions; 倍=times; 层=floors; 岁=years old;
`;

/**
 * Measure words that only count (6条生产线 → 6 production lines): before a noun they are left
 * out; at the end of a figure they say what is counted (100台 → 100 units).
 */
export const CLASSIFIERS: ReadonlySet<string> = new Set([
  '条',
  '个',
  '台',
  '套',
  '件',
  '只',
  '张',
  '块',
  '根',
  '家',
  '项',
  '种',
  '款',
  '名',
  '位',
  '座',
]);

/** Currencies written after the number in Chinese, before it in English (46 美元 → USD 46). */
const CURRENCY_TABLE = `美元=USD; 美金=USD; 元=CNY; 人民币=CNY; 块钱=CNY; 欧元=EUR; 港币=HKD; 港元=HKD; 日元=JPY; 英镑=GBP`;

function parse(table: string): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const entry of table.split(/[;\n]/u)) {
    const at = entry.indexOf('=');
    if (at < 0) continue;
    const chinese = foldToSimplified(entry.slice(0, at).trim());
    if (chinese) map.set(chinese, entry.slice(at + 1).trim());
  }
  return map;
}

export const ENGLISH_WORDS = parse(WORD_TABLE);
export const ENGLISH_UNITS = parse(UNIT_TABLE);
export const ENGLISH_CURRENCIES = parse(CURRENCY_TABLE);

/**
 * Words after which a person's name follows (外贸经理：陈立新): the name is written in pinyin with
 * its characters, even where its characters are also words (新 "new").
 */
export const PERSON_LABELS: ReadonlySet<string> = new Set(
  [
    '联系人',
    '外贸经理',
    '经理',
    '总经理',
    '董事长',
    '销售经理',
    '法定代表人',
    '实际控制人',
    '业务员',
    '负责人',
    '总裁',
    '创始人',
  ].map(foldToSimplified),
);

/** Chinese number multipliers after a figure (80万 → 800,000). */
export const MULTIPLIERS: ReadonlyMap<string, number> = new Map([
  ['万', 1e4],
  ['亿', 1e8],
  ['千', 1e3],
  ['百', 1e2],
]);
