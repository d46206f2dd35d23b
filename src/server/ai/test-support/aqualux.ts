/*
 * A second, made-up exhibitor (water pumps) in another trade than the sample company, so the
 * tests check that nothing in the assistant depends on the sample's documents: English
 * catalogue and FAQ, a Chinese profile, a trade-show flyer, and questions a buyer would ask.
 */

export const AQUALUX_DOCUMENTS: ReadonlyArray<{ name: string; content: string }> = [
  {
    name: 'aqualux-catalogue.txt',
    content:
      'NINGBO AQUALUX PUMP CO., LTD.\nProduct Catalogue 2026\n\nAbout Aqualux\nNingbo Aqualux Pump Co., Ltd. designs and manufactures water pumps for homes, farms and light industry in Yuyao, Ningbo, China.\nAll pumps are tested on our automatic test benches before shipment.\nWarranty: 24 months from the date of shipment for motors and hydraulics.\n\nSubmersible Pumps\nAQ-150S: stainless steel 304 submersible pump, 1.5 kW, 220 V / 50 Hz, max flow 6 m3/h, max head 45 m, outlet 1.25 inch.\nAQ-220S: stainless steel 304 submersible pump, 2.2 kW, 380 V / 50 Hz, max flow 10 m3/h, max head 62 m, outlet 1.5 inch.\nThe AQ-S series is suitable for deep wells with a diameter of at least 4 inches.\n\nGarden Jet Pumps\nJP-80: cast iron self-priming jet pump, 0.75 kW, max suction lift 8 m, weight 12 kg.\nJP-100A: stainless steel jet pump with automatic pressure switch, 1.0 kW, noise level below 65 dB.\n\nSolar Pumps\nSP-3D: brushless DC solar pump, works with 300 to 600 W panels, max head 80 m, MPPT controller included.\n\nTrade Terms\nMinimum order: 50 units per model; mixed models are accepted in one 20-foot container.\nPayment: 30% deposit by T/T, balance before shipment; L/C at sight accepted for orders above USD 50,000.\nLead time: 25 days after deposit; 35 days for OEM orders.\nPort: Ningbo. Packing: each pump in a five-layer carton, 40 cartons per pallet.\nOEM: your logo on the pump and carton for orders of 200 units or more.\n',
  },
  {
    name: 'aqualux-faq.txt',
    content:
      'Aqualux - Frequently Asked Questions\n\nQ: Do you provide spare parts?\nA: Yes, we keep impellers, seals and capacitors in stock for 10 years after a model is discontinued.\n\nQ: How do we make a warranty claim?\nA: Send photos and the serial number to service@aqualux.example; replacement parts are shipped within 3 working days.\n\nQ: Can we visit your factory?\nA: Yes, visits are welcome Monday to Saturday; we pick up customers at Ningbo railway station.\n\nQ: Which certificates do your pumps have?\nA: CE, RoHS and ISO 9001:2015. The SP solar series is also TÜV tested.\n',
  },
  {
    name: 'aqualux-profile.txt',
    content:
      '宁波澳力泵业有限公司 公司简介\n\n宁波澳力泵业有限公司成立于2001年，位于浙江省余姚市，是一家专业研发和生产家用及农用水泵的企业。\n\n公司占地面积4万平方米，现有员工320人，其中技术人员45人，年产各类水泵80万台。\n\n产品出口到60多个国家和地区，主要市场为欧洲、南美和非洲。\n\n公司通过ISO9001质量管理体系认证，产品获得CE和RoHS认证。\n\n销售总监：王磊，手机：+86 139 5741 8866，邮箱：sales@aqualux.example，网址：www.aqualux.example。\n',
  },
  {
    name: 'aqualux-show.txt',
    content:
      'Visit Aqualux at Hannover Messe 2026\nHall 27, Stand C45, 20 to 24 April 2026.\n\nWhat is new\nThe SP-3D solar pump now starts with only 150 W of panel power in the morning.\nOur new smart controller reports pressure and flow to a phone app over Wi-Fi.\n',
  },
];

export const AQUALUX_ANSWERABLE: ReadonlyArray<{ q: string; expect_any: string[] }> = [
  {
    q: 'What is the maximum head of AQ-220S?',
    expect_any: ['62 m'],
  },
  {
    q: 'How long is the warranty?',
    expect_any: ['24 months'],
  },
  {
    q: 'What is the minimum order?',
    expect_any: ['50 units'],
  },
  {
    q: 'What are the payment terms?',
    expect_any: ['30% deposit'],
  },
  {
    q: 'Where is your stand at Hannover Messe?',
    expect_any: ['C45'],
  },
  {
    q: 'Do you keep spare parts?',
    expect_any: ['10 years'],
  },
  {
    q: 'What certificates do your pumps have?',
    expect_any: ['ISO 9001'],
  },
  {
    q: 'How much does the JP-80 weigh?',
    expect_any: ['12 kg'],
  },
  {
    q: 'What voltage does the AQ-150S need?',
    expect_any: ['220 V'],
  },
  {
    q: 'Can I put my logo on the pump?',
    expect_any: ['200 units'],
  },
  {
    q: 'What is the lead time for OEM orders?',
    expect_any: ['35 days'],
  },
  {
    q: 'Which port do you ship from?',
    expect_any: ['Ningbo'],
  },
  {
    q: 'How are the pumps packed?',
    expect_any: ['five-layer carton'],
  },
  {
    q: 'What is the noise level of JP-100A?',
    expect_any: ['65 dB'],
  },
  {
    q: 'Is an MPPT controller included with the SP-3D?',
    expect_any: ['MPPT controller included'],
  },
  {
    q: 'How fast do you ship replacement parts for a warranty claim?',
    expect_any: ['3 working days'],
  },
  {
    q: '公司有多少员工？',
    expect_any: ['320'],
  },
  {
    q: '年产量是多少？',
    expect_any: ['80万'],
  },
  {
    q: '销售总监是谁？',
    expect_any: ['王磊'],
  },
  {
    q: '公司哪一年成立？',
    expect_any: ['2001'],
  },
  {
    q: '主要市场在哪里？',
    expect_any: ['欧洲'],
  },
  {
    q: '有多少技术人员？',
    expect_any: ['45'],
  },
  {
    q: '销售总监的手机号码是多少？',
    expect_any: ['139 5741 8866'],
  },
  {
    q: 'How many countries do you export to?',
    expect_any: ['60'],
  },
  {
    q: 'How many employees do you have?',
    expect_any: ['320'],
  },
];

export const AQUALUX_OUT_OF_SCOPE: readonly string[] = [
  'What is the capital of France?',
  'Tell me a joke.',
  '今天天气怎么样？',
  'Who is the president of the United States?',
  'What is the price of AQ-150S?',
  'How do I bake a cake?',
  'Can you recommend a good hotel in Hannover?',
  'What is Bitcoin trading at?',
  '谁赢得了2022年世界杯？',
  'How tall is Mount Everest?',
  '请推荐一部好看的电影',
  'What is the boiling point of water?',
  'Do you make electric cars?',
  'What is 15 times 7?',
  'Translate hello into French',
  'Where is the nearest hospital?',
];
