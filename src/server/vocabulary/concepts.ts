import { foldToSimplified } from '#server/text/han-script.ts';

/*
 * The trade vocabulary: the words the assistant (question analysis, retrieval, broad answers),
 * the document reader (analysis, intelligence) and lead scoring look for, one entry a concept
 * (price, MOQ, delivery, payment, samples, warranty, certification, the goods and industries of
 * trade fairs…), each word written once. Readers take a named selection of it (their tag), never
 * a list of their own; the marketing generators read it through the document intelligence.
 *
 * An entry: the concept's synonyms (the words a buyer and a brochure use for the same thing, in
 * English and Chinese, read together by the question analysis and the retrieval), then after
 * "|" words that only some readers look for. A word is followed by the tags of the readers that
 * look for it; tags at the very start apply to every word of the entry. "reader:bucket" puts the
 * word in another bucket than the concept's own (payment is the bucket of payment's words).
 *
 *   term           a document line states this trade term (vocabulary/document-cues.ts)
 *   highlight, overview, certification-context, contact-label, location, booth
 *                  other cues in document lines (vocabulary/document-cues.ts)
 *   asks, broad    a buyer's question asks for it (vocabulary/question-cues.ts)
 *   signal         a visitor's message shows a buying signal (vocabulary/buying-signals.ts)
 *   doc, industry  what kind of document, which industry (vocabulary/document-lexicons.ts)
 *
 * Words are Simplified Chinese and lower case: the table is folded once here (Traditional to
 * Simplified) and every reader folds the text it reads, so one form finds both scripts. A form
 * of several English words is a phrase; a final "*" marks a stem ("certif*": certified,
 * certification). Only general trade vocabulary belongs here, never one company's products.
 */

const TABLE: Readonly<Record<string, string>> = {
  price: `
    price [term signal broad:quotation doc:financial], precio, preço, prix, preis, цена, стоимость, prices [term signal doc:financial],
    pricing [term signal broad:quotation doc:financial], cost [signal doc:financial],
    quotation [term signal:quotation broad:quotation],
    quote [term signal:quotation broad:quotation], unit price [signal],
    price list [term signal doc:price-list broad:quotation],
    价格 [term signal broad:quotation doc:financial],
    报价 [term signal:quotation broad:quotation doc:financial asks], 价钱 [signal], 单价 [term signal],
    多少钱 [signal], 售价, 报价单 [doc:price-list], 价目表 [broad:quotation asks]
    | costs [signal], how much [signal], 价目 [signal], quotes [signal:quotation],
      proforma [signal:quotation], offer sheet [signal:quotation],
      询价 [signal:quotation broad:quotation asks], pricelist [doc:price-list],
      价格表 [doc:price-list broad:quotation asks], 价格单 [broad:quotation asks]`,
  moq: `
    moq [term signal asks doc:product doc:trade],
    minimum order [term signal asks doc:product doc:trade], minimum order quantity, pedido mínimo, cantidad mínima, quantidade mínima, минимальный заказ,
    minimum quantity [term signal], minimum purchase [signal], 起订量 [doc:trade], 最小起订量, 最低起订量,
    起订 [term signal asks], 最小订单 [term signal], 最少订购量, 最低订购量
    | min order [term], min. order [term], 最低订购 [signal]`,
  delivery: `
    delivery [term signal asks broad:terms doc:trade],
    lead time [term signal asks broad:terms doc:trade], delivery time, production time [term], entrega, plazo de entrega, prazo de entrega, délai de livraison, доставка, срок поставки,
    delivery date, turnaround, 交货 [term signal asks broad:terms doc:trade],
    交期 [term signal asks broad:terms doc:trade], 货期 [term signal asks broad:terms],
    交货期 [broad:terms], 发货 [term signal], 交货时间, 生产周期 [term]
    | lead-time [term], deliver [term broad:terms], delivered [term], delivers [term],
      ready to ship [term], dispatch [term]`,
  payment: `
    payment [term signal asks broad:terms doc:financial], payment terms [signal], payment method, pago, forma de pago, pagamento, paiement, оплата,
    pay [term asks], deposit [term signal doc:financial doc:trade],
    付款 [term signal asks broad:terms doc:financial], 支付 [term signal asks broad:terms],
    付款方式 [broad:terms doc:trade], 支付方式 [broad:terms], 付款条件, 定金 [term signal doc:financial],
    订金 [term signal doc:financial], 结算 [term]
    | payable [term], t/t [term signal doc:trade], l/c [term signal doc:trade],
      letter of credit [term signal], paypal [term], western union [term], 信用证 [term],
      payment term [broad:terms]`,
  samples: `
    sample [term signal doc:product], samples [term signal], free sample,
    样品 [term signal doc:product], muestra, muestras, amostra, amostras, échantillon, образец, образцы, 样板 [term signal], 样册, 送样 [signal], 寄样 [signal]`,
  warranty: `
    warranty [term highlight doc:legal], guarantee [term highlight doc:marketing],
    quality guarantee, garantía, garantia, garantie, гарантия, warranty period, 质保 [term], 保修 [term], 质量保证 [term], 保证, 质保期, 保修期, 保用, 保固
    | guaranteed [term], guarantees [term]`,
  standard: `
    standard [certification-context], standards, norm, norms, 标准 [certification-context], 规范
    | iso [doc:technical], ce [doc:technical], rohs [doc:technical], astm [doc:technical],
      din [doc:technical], gb/t [doc:technical]`,
  compliance: `
    follow, comply, conform, according to, in accordance with, compliance, 符合, 依据, 按照, 遵循
    | compliant [certification-context]`,
  certification: `
    certificate, certification, certified [certification-context doc:technical],
    certifications [doc:profile], certificates, approval,
    认证 [highlight certification-context doc:technical], 证书 [certification-context], 资质, 认证证书
    | certif* [highlight], certif [certification-context], approved [certification-context],
      label [certification-context], mark [certification-context], 检测 [certification-context]`,
  halal: `halal [industry:food], 清真`,
  kosher: `kosher, 犹太洁食`,
  organic: `[industry:food] organic, 有机`,
  employee: `
    employee, employees [highlight doc:profile], staff [highlight doc:profile], worker, workers,
    headcount, people, personnel, employ, workforce, 员工 [highlight doc:profile], 工人, 职工, 人员, 员工人数,
    雇员`,
  capacity: `
    capacity [highlight doc:technical], output, production capacity, daily output, annual output,
    monthly output, 产能, 产量 [highlight], 日产量, 年产量, 月产量, 日产 [highlight], 年产 [highlight], 生产能力`,
  export: `export, exports, exported, exporting, 出口 [highlight], 外销, 销往, 外贸 | export* [highlight]`,
  country: `country, countries [highlight], nation, nations, 国家 [highlight]`,
  market: `market, markets, 市场`,
  booth: `[booth] booth [doc:marketing], stand, 展位 [doc:marketing], 摊位, 展台 | hall, 展馆`,
  fair: `
    fair [doc:marketing], exhibition [doc:marketing], expo, trade show, 展会 [doc:marketing], 交易会,
    博览会, 展览会`,
  contact: `
    contact [broad:contact], contact person [broad:contact], 联系 [broad:contact], 联系人,
    联络 [broad:contact]
    | reach [broad:contact], call [broad:contact], touch [broad:contact], 联系方式 [broad:contact asks],
      联系电话 [broad:contact asks], 联络方式 [broad:contact asks]`,
  phone: `
    phone [contact-label broad:contact], telephone [broad:contact], tel [contact-label],
    mobile [contact-label industry:software], 电话 [contact-label broad:contact], 手机 [contact-label],
    座机 [contact-label]
    | whatsapp [contact-label broad:contact], wechat [contact-label broad:contact],
      微信 [contact-label broad:contact]`,
  email: `email [broad:contact], e-mail, mail, 邮箱 [broad:contact], 邮件, 电邮`,
  address: `
    address [location broad:location], location [broad:location],
    located [overview location broad:location doc:profile], 地址 [location broad:location],
    位于 [overview location broad:location doc:profile], 地点, 位置 [broad:location]
    | based [location broad:location], situated [location], 地处 [location], 坐落 [location],
      locate [broad:location]`,
  founded: `
    founded [highlight overview doc:profile], established [highlight overview doc:profile],
    成立 [highlight overview], 创立, 创建, 始建
    | since [doc:profile], 成立于 [doc:profile]`,
  'factory area': `
    factory area, plant size, plant area, factory size, floor area, site area, 厂房面积, 占地面积, 厂区面积,
    工厂面积, 建筑面积`,
  factory: `
    factory [highlight broad:location broad:company doc:product], plant,
    工厂 [broad:location broad:company doc:product], 厂房, 生产基地`,
  size: `
    size [doc:catalogue], sizes [doc:catalogue], dimension [doc:technical], dimensions,
    尺寸 [doc:technical], 规格 [doc:product doc:catalogue]`,
  thickness: `thickness [doc:technical], thick, 厚度 [doc:technical], 厚`,
  weight: `weight, weigh, heavy, 重量`,
  maximum: `maximum, max, up to, at most, 最大, 最高, 最多`,
  largest: `largest, biggest, main [broad:products], major, primary, 主要, 最大`,
  noise: `noise, noise level, 噪音, 噪声`,
  child: `child, children, kid, kids, 儿童, 孩子, 小孩`,
  minimum: `minimum, min, at least, no less than, 最小, 最低, 至少, 不低于`,
  voltage: `
    voltage [doc:technical industry:electronics], volt, volts,
    电压 [doc:technical industry:electronics]`,
  protection: `protection, ip, ingress protection, waterproof, 防护等级, 防护, 防水`,
  power: `power, wattage [doc:technical], 功率 [doc:technical]`,
  colour: `colour, color, colours, colors, 颜色`,
  packing: `packing, packaging, package, carton [doc:product], 包装`,
  shipping: `
    shipping [term signal asks broad:terms], shipment [term signal],
    port of loading [term doc:trade], port [asks], 运输 [term asks], 装运 [term asks], 港口 [term asks],
    装运港 [doc:trade]
    | fob [term signal doc:financial doc:trade], cif [term signal doc:financial doc:trade],
      exw [term doc:financial doc:trade], incoterm [term signal asks broad:terms],
      incoterms [term doc:trade], 运费 [signal], bill of lading [doc:trade], 提单 [doc:trade]`,
  oem: `
    oem [term signal], odm [term signal], custom, customised [signal], customized [signal],
    customisation, customization, 定制 [term signal], 贴牌 [term signal], 来样
    | private label [term signal], custom logo [term], custom brand [term],
      custom packaging [term], customised logo [term], customised brand [term],
      customised packaging [term], customized logo [term], customized brand [term],
      customized packaging [term], 订制 [term], customize [signal], customise [signal]`,
  installation: `[doc:manual] installation, install, 安装`,
  brand: `brand, logo, trademark, 品牌, 商标, 标志 [certification-context]`,
  design: `design, designs, pattern, patterns, 设计, 花色, 款式`,
  manager: `manager, 经理`,
  sales: `
    sales, 销售
    | sale [broad:terms], sell [broad:products], 经营 [broad:products], 卖 [broad:products]`,
  quality: `quality, 质量, 品质 [doc:marketing]`,
  material: `material, materials, 材料, 材质`,
  catalogue: `
    catalogue [doc:catalogue], catalog [doc:catalogue], brochure, 目录, 画册, 产品手册 [doc:catalogue]
    | 产品目录 [doc:catalogue]`,
  discount: `discount, 折扣, 优惠`,
  distributor: `distributor [industry:trade-retail], agent, dealer, 代理, 代理商, 经销商`,
  website: `website [industry:software], web site, 网站 [industry:software], 网址, 官网`,
  daily: `daily, per day [highlight], a day [highlight], 每天, 日`,
  year: `year, years [highlight], annual, 年`,
  stock: `stock, in stock, inventory, 库存, 现货`,
  'production line': `
    production line [highlight], production lines [highlight], automatic lines [highlight], lines,
    生产线 [highlight]
    | automatic line [highlight]`,
  warehouse: `warehouse, 仓库`,
  team: `[doc:service] team, 团队`,
  service: `
    service [doc:service], services [doc:service], after-sales, 服务 [doc:service], 售后
    | consulting [doc:service industry:professional-services], support [doc:service],
      solution [doc:service], client [doc:service], customer [doc:service], we help [doc:service],
      partner [doc:service], project [doc:service], expertise [doc:service],
      agency [doc:service industry:professional-services], subscription [doc:service],
      咨询 [doc:service industry:professional-services], 解决方案 [doc:service], 客户 [doc:service],
      项目 [doc:service]`,
  product: `
    product [broad:products doc:product], products, 产品 [broad:products doc:product]
    | 主营 [overview broad:products], goods [broad:products], item [broad:products],
      range [broad:products doc:catalogue], line [broad:products], 主要产品 [broad:products],
      series [doc:product doc:catalogue], collection [doc:catalogue], 系列 [doc:catalogue]`,
  company: `[broad:company]
    company, 公司 [broad:location], 企业
    | business [broad:terms broad:products], firm`,
  tile: `tile [industry:building-materials], tiles, 瓷砖 [industry:building-materials], 砖`,
  'floor tile': `
    floor tile [industry:building-materials], floor tiles, 地砖 [industry:building-materials]`,
  'wall tile': `
    wall tile [industry:building-materials], wall tiles, 墙砖 [industry:building-materials]`,
  porcelain: `porcelain [industry:building-materials], 瓷质 [industry:building-materials], 瓷`,
  ceramic: `[industry:building-materials] ceramic, ceramics, 陶瓷`,
  glazed: `
    glazed [industry:building-materials], glaze [industry:building-materials],
    抛釉 [industry:building-materials], 釉面 [industry:building-materials], 上釉`,
  polished: `polished, 抛光`,
  marble: `
    marble [industry:building-materials], marble look, 大理石 [industry:building-materials], 仿大理石`,
  'wood look': `wood look, wood grain, wood effect, 木纹, 仿木纹, 木纹砖 [industry:building-materials]`,
  slab: `
    slab [industry:building-materials], slabs, sintered stone, 岩板 [industry:building-materials], 大板`,
  countertop: `countertop [industry:building-materials], countertops, worktop, 台面`,
  kitchen: `kitchen, 厨房`,
  bathroom: `bathroom [industry:building-materials], 卫浴 [industry:building-materials], 浴室`,
  'anti-slip': `anti-slip [industry:building-materials], slip resistance, non-slip, 防滑`,
  'water absorption': `water absorption [industry:building-materials], 吸水率 [doc:technical]`,
  stone: `stone [industry:building-materials], 石材 [industry:building-materials], 石`,
  'design centre': `
    design centre, design center, r&d, research and development, 设计中心 [highlight], 研发中心, 研发`,
  'new designs': `new designs, new design, 新花色, 新款 [doc:marketing]`,
  automatic: `automatic, fully automatic, 全自动, 自动`,
  machine: `
    machine [industry:machinery], machines, machinery [industry:machinery], 机器,
    机械 [industry:machinery], 设备 [industry:machinery]`,
  equipment: `equipment [industry:machinery], 设备`,
  pump: `pump [industry:machinery], pumps, 泵 [industry:machinery], 水泵`,
  valve: `valve [industry:machinery], valves, 阀门 [industry:machinery], 阀`,
  motor: `motor [industry:machinery], motors, 电机 [industry:machinery], 马达`,
  bearing: `bearing [industry:machinery], bearings, 轴承 [industry:machinery]`,
  gearbox: `gearbox [industry:machinery], reducer, 减速机, 齿轮箱`,
  'spare parts': `spare parts, spare part [industry:automotive], parts, accessories, 配件, 零件, 备件`,
  battery: `battery [industry:electronics], batteries, 电池 [industry:electronics]`,
  charger: `charger [industry:electronics], 充电器`,
  cable: `cable, cables, wire, 电缆, 线缆, 电线`,
  lamp: `lamp, lamps, light, lighting, 灯, 灯具, 照明`,
  solar: `solar, solar panel, photovoltaic, pv, 太阳能, 光伏`,
  inverter: `[industry:electronics] inverter, 逆变器`,
  fabric: `
    fabric [industry:textiles], fabrics, textile [industry:textiles], textiles,
    面料 [industry:textiles], 布料 [industry:textiles], 纺织品`,
  cotton: `[industry:textiles] cotton, 棉`,
  garment: `
    garment [industry:textiles], garments, clothing [industry:textiles],
    apparel [industry:textiles], 服装 [industry:textiles], 成衣 [industry:textiles]`,
  furniture: `[industry:furniture]
    furniture, 家具
    | sofa, dining table, coffee table, cabinet, wardrobe, mattress, bed frame, desk, upholstery,
      solid wood, veneer, recliner, 家俱, 沙发, 餐桌, 茶几, 橱柜, 衣柜, 床垫, 实木`,
  chair: `chair [industry:furniture], chairs, 椅子 [industry:furniture]`,
  table: `table, tables, 桌子`,
  food: `[industry:food]
    food, 食品
    | beverage, snack, coffee, flavor, flavour, frozen, seafood, fruit, vegetable, dairy, haccp,
      nutrition, sauce, 饮料, 零食, 咖啡, 口味, 冷冻, 海鲜, 水果, 蔬菜, 乳制品, 营养`,
  tea: `tea [industry:food], 茶, 茶叶 [industry:food]`,
  'shelf life': `[industry:food] shelf life, 保质期`,
  ingredient: `ingredient [industry:food], ingredients, 配料 [industry:food], 成分`,
  'stainless steel': `stainless steel, 不锈钢`,
  steel: `steel, 钢, 钢材`,
  aluminium: `aluminium, aluminum, 铝, 铝合金`,
  plastic: `plastic, plastics, 塑料`,
  wood: `wood, wooden, timber, 木, 木材, 木质`,
  glass: `glass, 玻璃`,
  box: `box [doc:product], boxes, 箱, 盒, 纸箱`,
  pallet: `pallet, pallets, 托盘`,
  container: `container [doc:product doc:trade], containers, 货柜 [doc:product], 集装箱`,
  piece: `piece [doc:product], pieces [doc:product], 片, 件 | pcs [doc:product]`,
  model: `model [doc:product doc:catalogue], models, 型号 [doc:product doc:catalogue]`,
  specification: `
    specification [doc:product doc:technical], specifications [doc:catalogue], 规格,
    参数 [doc:technical]`,
  temperature: `[doc:technical] temperature, 温度`,
  'heat resistant': `heat resistant, heat resistance, 耐高温, 耐热`,
  pressure: `[doc:technical] pressure, 压力`,
  flow: `flow, flow rate, 流量`,
  head: `head, pump head, 扬程`,
  efficiency: `[doc:technical] efficiency, 效率`,
  speed: `speed, rpm [industry:machinery], 转速, 速度`,
  length: `length, 长度`,
  width: `width, 宽度`,
  height: `height, 高度`,
  area: `area, 面积`,
  volume: `volume, capacity volume, 容量 [doc:technical], 体积`,
  'middle east': `middle east, 中东`,
  australia: `australia, 澳大利亚, 澳洲`,
  'southeast asia': `southeast asia, 东南亚`,
  africa: `africa, 非洲`,
  europe: `europe, 欧洲`,
  america: `america, americas, 美洲`,
  'united states': `united states, usa, 美国`,
  china: `china, 中国`,
  guangdong: `guangdong, 广东`,
  foshan: `foshan, 佛山`,
  guangzhou: `guangzhou, 广州`,
  shenzhen: `shenzhen, 深圳`,
  'square metre': `square metre, square metres, square meter, square meters, 平方米, 平米, 平方`,
  millimetre: `millimetre, millimetres, millimeter, millimeters, 毫米`,
  centimetre: `centimetre, centimetres, centimeter, centimeters, 厘米`,
  metre: `metre, metres, meter, meters, 米`,
  kilogram: `kilogram, kilograms, 公斤, 千克`,
  ton: `ton, tons, tonne, tonnes, 吨`,
  day: `day, days, 天`,
  month: `month, months, 月, 个月 | per month [highlight]`,
  degree: `degree, degrees [doc:technical], celsius [doc:technical], 摄氏度`,
  percent: `percent, per cent, 百分之`,
  award: `| award* [highlight], 荣誉 [highlight], award [doc:marketing]`,
  patent: `[highlight] patent, patents, 专利, patente, patentes, патент, патенты | patent*`,
  manufacture: `
    | produces [overview doc:product], manufactures [overview],
      manufacturer [overview doc:product], 生产 [overview broad:products doc:product],
      厂家 [broad:location], make [broad:products], produce [broad:products doc:product],
      manufacture [broad:products], manufacturing [doc:product], production [doc:product],
      制造 [doc:product]`,
  specialisation: `
    | specializ* [overview], specialis* [overview], 专业 [overview doc:marketing],
      professional [doc:marketing]`,
  headquarters: `
    | headquartered [overview location], headquarters [broad:location doc:profile],
      office [broad:location], 总部 [broad:location doc:profile]`,
  supplier: `[overview] | supplier, provider`,
  'self-description': `[overview] | is a, are a, 致力于, 是一家, 拥有`,
  faq: `[doc:faq] | faq, frequently asked, 常见问题`,
  'trade terms': `[broad:terms] | term, trade, trading, 贸易, 条款 [doc:legal], 条件, 交易, 合作`,
  offer: `| offer [broad:quotation broad:products], 提供 [broad:quotation], supply [broad:products]`,
  profile: `
    | profile [broad:company], overview [broad:company], introduction [broad:company],
      introduce [broad:company], background [broad:company], 介绍 [broad:company],
      简介 [broad:company], 概况 [broad:company], 情况 [broad:company], 背景 [broad:company],
      about us [doc:profile], company profile [doc:profile], our mission [doc:profile],
      our history [doc:profile], 企业简介 [doc:profile], 公司简介 [doc:profile], 关于我们 [doc:profile],
      使命 [doc:profile]`,
  'technical property': `[doc:technical]
    | diameter, tolerance, absorption, resistance, density, hardness, parameter, accuracy, load,
      torque, frequency, 直径, 公差, 强度, 密度, 硬度, 精度, 频率`,
  finance: `[doc:financial]
    | revenue, turnover, profit, margin, invoice, budget, fiscal, annual sales, registered capital,
      营业额, 销售额, 利润, 成本, 发票, 注册资本`,
  // A financial statement's line items under the names questions and statements give them.
  'paid-in capital': `capital surplus, additional paid in capital, paid in capital, share premium, 资本公积`,
  'earnings per share': `earnings per share, income per share, loss per share, eps, 每股收益`,
  'administrative expenses': `
    administrative expenses, administrative expense, general administrative, 管理费用`,
  'financing cash flow': `
    cash flow from financing activities, cash flows from financing activities,
    net cash financing activities, 筹资活动产生的现金流量净额`,
  'investing cash flow': `
    cash flow from investing activities, cash flows from investing activities,
    net cash investing activities, 投资活动产生的现金流量净额`,
  'operating cash flow': `
    cash flow from operating activities, cash flows from operating activities,
    net cash operating activities, 经营活动产生的现金流量净额`,
  currency: `[doc:financial] | usd, eur, rmb, cny, 万元, 美元, 人民币`,
  contract: `[doc:legal]
    | agreement, contract, liability, liable, indemnify, indemnification, jurisdiction,
      governing law, terms and conditions, hereby, shall, intellectual property, confidential,
      breach, termination, arbitration, disclaimer, 合同, 合约, 协议, 责任, 法律, 知识产权, 保密, 违约, 仲裁, 免责`,
  promotion: `[doc:marketing]
    | leading, best, premium, high quality, high-quality, innovative, trusted, world-class,
      welcome, meet us, visit us, new, why choose, why, discover, exclusive, unique, perfect, 领先,
      优质, 欢迎, 创新, 新品, 一流, 首选`,
  manual: `[doc:manual]
    | manual, instruction, instructions, operating, operation, maintenance, warning, caution, step,
      troubleshooting, 说明书, 操作, 维护, 保养, 注意事项, 步骤`,
  'building materials': `[industry:building-materials]
    | granite, sintered, quartz, cement, concrete, brick, flooring, sanitary ware, faucet, plank,
      mosaic, terrazzo, gypsum, plaster, laminate, building material, 建材, 水泥, 洁具, 玻化砖`,
  machinery: `[industry:machinery]
    | cnc, lathe, hydraulic, pneumatic, compressor, conveyor, excavator, crane, spindle, welding,
      milling, horsepower, 机床, 数控, 液压, 气动, 压缩机, 输送, 挖掘机, 起重, 焊接`,
  electronics: `[industry:electronics]
    | electronic, electronics, pcb, circuit, chip, semiconductor, led, sensor, lcd, usb, bluetooth,
      wifi, resistor, capacitor, power supply, firmware, 电子, 电路, 芯片, 半导体, 充电, 传感器, 显示屏, 蓝牙, 电源`,
  textiles: `[industry:textiles]
    | polyester, yarn, knit, knitted, woven, denim, silk, wool, dyeing, gsm, fashion, shirt, dress,
      纺织, 涤纶, 纱线, 针织, 梭织, 牛仔, 丝绸, 羊毛, 印染`,
  chemicals: `[industry:chemicals]
    | chemical, resin, polymer, solvent, pigment, coating, paint, adhesive, reagent, msds, purity,
      acid, oxide, catalyst, 化工, 化学, 树脂, 聚合物, 溶剂, 颜料, 涂料, 油漆, 胶粘剂, 试剂, 纯度`,
  medical: `[industry:medical]
    | medical, hospital, patient, clinical, surgical, diagnostic, sterile, fda, pharmaceutical,
      drug, syringe, catheter, implant, dental, therapy, disposable, 医疗, 医院, 患者, 临床, 手术, 诊断, 无菌,
      药品, 口罩, 注射, 牙科, 医疗器械`,
  automotive: `[industry:automotive]
    | automotive, vehicle, car, truck, auto part, brake, engine, tire, tyre, suspension,
      electric vehicle, charging station, 汽车, 车辆, 汽配, 刹车, 发动机, 轮胎, 新能源汽车, 充电桩`,
  software: `[industry:software]
    | software, saas, cloud, platform, app, application, api, database, developer, development,
      digital, web, ai, machine learning, data, analytics, integration, crm, erp, cybersecurity,
      devops, hosting, 软件, 软体, 云计算, 云端, 平台, 应用程序, 数据, 开发, 数字化, 数位化, 系统集成, 系统整合, 人工智能, 人工智慧`,
  'professional services': `[industry:professional-services]
    | consultancy, marketing, advertising, branding, outsourcing, training, recruitment,
      accounting, event management, public relations, copywriting, 广告, 营销, 行销, 品牌策划, 策划, 外包, 培训,
      招聘, 会计, 公关`,
  retail: `[industry:trade-retail]
    | wholesale, retail, retailer, distribution, trading company, e-commerce, ecommerce,
      online store, shop, dropshipping, sourcing agent, sourcing, 批发, 零售, 经销, 分销, 贸易公司, 电商, 店铺, 代购,
      采购代理`,
  banking: `[industry:finance]
    | bank, banking, investment, insurance, loan, fund, asset management, securities, fintech,
      credit, portfolio, brokerage, 银行, 投资, 保险, 贷款, 基金, 资产管理, 证券, 金融`,
};

/** Every reader a tag may name, so that a misspelt tag fails at start-up instead of matching nothing. */
const READERS: ReadonlySet<string> = new Set([
  'term',
  'highlight',
  'overview',
  'certification-context',
  'contact-label',
  'location',
  'booth',
  'asks',
  'broad',
  'signal',
  'doc',
  'industry',
]);

export interface VocabularyWord {
  /** Folded (Simplified Chinese, lower case); a final "*" marks a stem. */
  text: string;
  /** One of the concept's synonyms (else a word only the readers of its tags look for). */
  isSynonym: boolean;
  tags: readonly string[];
}

export interface Concept {
  id: string;
  words: readonly VocabularyWord[];
}

const TAGGED_WORD = /^(.+?)(?:\s*\[([^\]]+)\])?$/u;

function parseWords(list: string, isSynonym: boolean, common: readonly string[]): VocabularyWord[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [, written = '', tags = ''] = TAGGED_WORD.exec(entry) ?? [];
      const text = foldToSimplified(written.toLowerCase());
      // The readers find words in text folded with its offsets kept (foldKeepingOffsets): the
      // same fold as here for every character of the Basic Multilingual Plane.
      if (/[\u{10000}-\u{10ffff}]/u.test(text))
        throw new Error(`vocabulary: "${text}" is outside the BMP`);
      return { text, isSynonym, tags: [...common, ...tags.split(' ').filter(Boolean)] };
    });
}

function parseConcept(id: string, source: string): Concept {
  const entry = source.replace(/\s+/gu, ' ').trim();
  const common = /^\[([^\]]+)\]\s*/u.exec(entry);
  const [synonyms = '', others = ''] = entry.slice(common?.[0].length ?? 0).split('|');
  const tags = common?.[1]?.split(' ') ?? [];
  const words = [...parseWords(synonyms, true, tags), ...parseWords(others, false, tags)];
  for (const tag of words.flatMap((word) => word.tags)) {
    if (!READERS.has(tag.split(':')[0]!))
      throw new Error(`vocabulary: unknown tag "${tag}" in ${id}`);
  }
  return { id, words };
}

/** The concepts in table order, folded. */
export const CONCEPTS: readonly Concept[] = Object.entries(TABLE).map(([id, source]) =>
  parseConcept(id, source),
);

/**
 * The words one reader looks for, by bucket: "signal:quotation" puts a word in the bucket
 * quotation, a bare "signal" in the bucket its concept names (bucketOf: the concept's id, unless
 * the reader calls it otherwise). Each word once, in table order.
 */
export function wordsFor(
  reader: string,
  bucketOf: (conceptId: string) => string = (conceptId) => conceptId,
): ReadonlyMap<string, readonly string[]> {
  const buckets = new Map<string, string[]>();
  for (const concept of CONCEPTS) {
    for (const word of concept.words) {
      for (const tag of word.tags) {
        const bucket =
          tag === reader
            ? bucketOf(concept.id)
            : tag.startsWith(`${reader}:`)
              ? tag.slice(reader.length + 1)
              : null;
        if (bucket === null) continue;
        const words = buckets.get(bucket) ?? [];
        if (!words.includes(word.text)) words.push(word.text);
        buckets.set(bucket, words);
      }
    }
  }
  return buckets;
}

/** Every word of a reader that keeps them together (one cue), never none. */
export function wordsTagged(reader: string): readonly string[] {
  const together = wordsFor(reader, () => reader);
  return bucket(together, reader);
}

/** The words of one bucket; a bucket a reader needs is never empty. */
export function bucket(
  buckets: ReadonlyMap<string, readonly string[]>,
  name: string,
): readonly string[] {
  const words = buckets.get(name);
  if (!words?.length) throw new Error(`vocabulary: no words for ${name}`);
  return words;
}
