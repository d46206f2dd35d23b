/*
 * Keyword lexicons behind the document analysis, English and Chinese (Simplified and
 * Traditional forms where they differ). English terms match whole words (a trailing "s" or
 * "es" allowed); Chinese terms match as substrings.
 */

export type IndustryGroup = 'manufacturing' | 'tech' | 'finance' | 'service' | 'trade' | 'none';

export interface IndustryLexicon {
  id: string;
  /** English name used in the readable reasoning. */
  label: string;
  group: IndustryGroup;
  terms: readonly string[];
}

const words = (list: string) =>
  list
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean);

export const INDUSTRIES: readonly IndustryLexicon[] = [
  {
    id: 'building-materials',
    label: 'ceramics and building materials',
    group: 'manufacturing',
    terms: words(
      'tile,ceramic,ceramics,porcelain,glazed,glaze,marble,granite,stone,slab,sintered,quartz,cement,concrete,brick,flooring,wall tile,floor tile,sanitary ware,bathroom,faucet,plank,countertop,mosaic,terrazzo,gypsum,plaster,laminate,building material,water absorption,anti-slip,陶瓷,瓷砖,瓷磚,瓷质,瓷質,抛釉,拋釉,釉面,大理石,岩板,石材,地砖,地磚,墙砖,牆磚,木纹砖,木紋磚,建材,水泥,卫浴,衛浴,洁具,潔具,玻化砖',
    ),
  },
  {
    id: 'machinery',
    label: 'machinery and industrial equipment',
    group: 'manufacturing',
    terms: words(
      'machine,machinery,equipment,cnc,lathe,motor,gearbox,pump,valve,hydraulic,pneumatic,compressor,bearing,conveyor,excavator,crane,spindle,welding,milling,rpm,horsepower,机械,機械,设备,設備,机床,機床,数控,數控,电机,電機,泵,阀门,閥門,液压,液壓,气动,氣動,压缩机,壓縮機,轴承,軸承,输送,輸送,挖掘机,起重,焊接',
    ),
  },
  {
    id: 'electronics',
    label: 'electronics',
    group: 'manufacturing',
    terms: words(
      'electronic,electronics,pcb,circuit,chip,semiconductor,led,battery,charger,sensor,lcd,voltage,usb,bluetooth,wifi,resistor,capacitor,inverter,power supply,firmware,电子,電子,电路,電路,芯片,半导体,半導體,电池,電池,充电,充電,传感器,傳感器,显示屏,顯示屏,电压,電壓,蓝牙,藍牙,逆变器,逆變器,电源,電源',
    ),
  },
  {
    id: 'textiles',
    label: 'textiles and apparel',
    group: 'manufacturing',
    terms: words(
      'textile,fabric,cotton,polyester,yarn,garment,apparel,clothing,knit,knitted,woven,denim,silk,wool,dyeing,gsm,fashion,shirt,dress,纺织,紡織,面料,布料,棉,涤纶,滌綸,纱线,紗線,服装,服裝,针织,針織,梭织,梭織,牛仔,丝绸,絲綢,羊毛,印染,成衣',
    ),
  },
  {
    id: 'chemicals',
    label: 'chemicals',
    group: 'manufacturing',
    terms: words(
      'chemical,resin,polymer,solvent,pigment,coating,paint,adhesive,reagent,msds,purity,acid,oxide,catalyst,化工,化学,化學,树脂,樹脂,聚合物,溶剂,溶劑,颜料,顏料,涂料,塗料,油漆,胶粘剂,膠粘劑,试剂,試劑,纯度,純度',
    ),
  },
  {
    id: 'food',
    label: 'food and beverages',
    group: 'manufacturing',
    terms: words(
      'food,beverage,snack,tea,coffee,organic,ingredient,flavor,flavour,frozen,seafood,fruit,vegetable,dairy,halal,haccp,shelf life,nutrition,sauce,食品,饮料,飲料,零食,茶叶,茶葉,咖啡,有机,有機,配料,口味,冷冻,冷凍,海鲜,海鮮,水果,蔬菜,乳制品,乳製品,保质期,保質期,营养,營養',
    ),
  },
  {
    id: 'furniture',
    label: 'furniture',
    group: 'manufacturing',
    terms: words(
      'furniture,sofa,chair,dining table,coffee table,cabinet,wardrobe,mattress,bed frame,desk,upholstery,solid wood,veneer,recliner,家具,傢俱,沙发,沙發,椅子,餐桌,茶几,橱柜,櫥櫃,衣柜,衣櫃,床垫,床墊,实木,實木',
    ),
  },
  {
    id: 'medical',
    label: 'medical devices and healthcare',
    group: 'manufacturing',
    terms: words(
      'medical,hospital,patient,clinical,surgical,diagnostic,sterile,fda,pharmaceutical,drug,syringe,catheter,implant,dental,therapy,disposable,医疗,醫療,医院,醫院,患者,临床,臨床,手术,手術,诊断,診斷,无菌,無菌,药品,藥品,口罩,注射,牙科,医疗器械,醫療器械',
    ),
  },
  {
    id: 'automotive',
    label: 'automotive parts',
    group: 'manufacturing',
    terms: words(
      'automotive,vehicle,car,truck,auto part,brake,engine,tire,tyre,suspension,electric vehicle,charging station,spare part,汽车,汽車,车辆,車輛,汽配,刹车,剎車,发动机,發動機,轮胎,輪胎,新能源汽车,充电桩,充電樁',
    ),
  },
  {
    id: 'software',
    label: 'software and IT services',
    group: 'tech',
    terms: words(
      'software,saas,cloud,platform,app,application,api,database,developer,development,digital,website,web,mobile,ai,machine learning,data,analytics,integration,crm,erp,cybersecurity,devops,hosting,软件,軟體,軟件,云计算,雲端,平台,应用程序,數據,数据,开发,開發,数字化,數位化,系统集成,系統整合,网站,網站,人工智能,人工智慧',
    ),
  },
  {
    id: 'professional-services',
    label: 'professional and marketing services',
    group: 'service',
    terms: words(
      'consulting,consultancy,agency,marketing,advertising,branding,outsourcing,training,recruitment,accounting,event management,public relations,copywriting,咨询,諮詢,广告,廣告,营销,營銷,行銷,品牌策划,策划,策劃,外包,培训,培訓,招聘,会计,會計,公关,公關',
    ),
  },
  {
    id: 'trade-retail',
    label: 'trade and retail',
    group: 'trade',
    terms: words(
      'wholesale,retail,retailer,distributor,distribution,trading company,e-commerce,ecommerce,online store,shop,dropshipping,sourcing agent,sourcing,批发,批發,零售,经销,經銷,分销,分銷,贸易公司,貿易公司,电商,電商,店铺,店鋪,代购,代購,采购代理',
    ),
  },
  {
    id: 'finance',
    label: 'finance and insurance',
    group: 'finance',
    terms: words(
      'bank,banking,investment,insurance,loan,fund,asset management,securities,fintech,credit,portfolio,brokerage,银行,銀行,投资,投資,保险,保險,贷款,貸款,基金,资产管理,資產管理,证券,證券,金融',
    ),
  },
];

export const GENERAL_INDUSTRY = {
  id: 'general',
  label: 'a general business',
  group: 'none',
} as const;

/** Signs of a business that sells its time and know-how. */
export const SERVICE_TERMS = words(
  'service,services,consulting,support,solution,client,customer,team,we help,partner,project,expertise,agency,subscription,服务,服務,咨询,諮詢,解决方案,解決方案,客户,客戶,团队,團隊,项目,項目',
);

/** Signs of a business that sells goods. */
export const PRODUCT_TERMS = words(
  'product,model,series,specification,pcs,pieces,piece,box,carton,moq,minimum order,factory,manufacturer,manufacturing,production,produce,produces,container,sample,产品,產品,型号,型號,规格,規格,工厂,工廠,生产,生產,制造,製造,样品,樣品,货柜,貨櫃',
);

export const TECHNICAL_TERMS = words(
  'thickness,diameter,dimension,tolerance,absorption,resistance,density,hardness,voltage,wattage,capacity,pressure,temperature,degrees,celsius,specification,parameter,accuracy,efficiency,load,torque,frequency,certified,iso,ce,rohs,astm,din,gb/t,厚度,直径,直徑,尺寸,公差,吸水率,强度,強度,密度,硬度,电压,電壓,功率,容量,压力,壓力,温度,溫度,参数,參數,精度,效率,频率,頻率,认证,認證',
);

export const FINANCIAL_TERMS = words(
  'price,prices,pricing,revenue,turnover,profit,margin,cost,invoice,payment,deposit,usd,eur,rmb,cny,fob,cif,exw,budget,fiscal,annual sales,registered capital,价格,價格,报价,報價,营业额,營業額,销售额,銷售額,利润,利潤,成本,发票,發票,付款,定金,订金,注册资本,註冊資本,万元,萬元,美元,人民币,人民幣',
);

export const LEGAL_TERMS = words(
  'agreement,contract,liability,liable,warranty,indemnify,indemnification,jurisdiction,governing law,terms and conditions,hereby,shall,intellectual property,confidential,breach,termination,arbitration,disclaimer,合同,合約,协议,協議,条款,條款,责任,責任,法律,知识产权,知識產權,保密,违约,違約,仲裁,免责,免責',
);

export const MARKETING_TERMS = words(
  'leading,best,premium,high quality,high-quality,innovative,trusted,world-class,award,welcome,meet us,visit us,booth,exhibition,fair,new,why choose,why,discover,exclusive,unique,perfect,professional,guarantee,专业,專業,领先,領先,优质,優質,欢迎,歡迎,展会,展會,展位,品质,品質,创新,創新,新品,新款,一流,首选,首選',
);

export const MANUAL_TERMS = words(
  'manual,instruction,instructions,installation,install,operating,operation,maintenance,warning,caution,step,troubleshooting,说明书,說明書,安装,安裝,操作,维护,維護,保养,保養,注意事项,注意事項,步骤,步驟',
);

export const PROFILE_TERMS = words(
  'about us,company profile,founded,established,since,employees,staff,headquarters,located,our mission,our history,certifications,企业简介,企業簡介,公司简介,公司簡介,关于我们,關於我們,成立于,成立於,员工,員工,位于,位於,总部,總部,使命',
);

export const CATALOGUE_TERMS = words(
  'catalogue,catalog,series,model,collection,range,size,sizes,specifications,产品目录,產品目錄,产品手册,產品手冊,型号,型號,系列,规格,規格',
);

export const TRADE_TERMS = words(
  't/t,l/c,fob,cif,exw,moq,minimum order,lead time,delivery,port of loading,bill of lading,incoterms,deposit,container,付款方式,交货,交貨,交期,起订量,起訂量,装运港,裝運港,提单,提單',
);
