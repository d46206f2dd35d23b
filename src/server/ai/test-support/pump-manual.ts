import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/*
 * A generated 300-page pump manual: the kind of document where a buyer asks
 * for one figure of one model. Many model numbers (4SD10-18, QB60, AX-Solar 2, 6SD25-12) stand
 * in prose and in tables drawn column by column like a real PDF export ("Model | Rated flow
 * (m³/h) | Rated head (m) | Power (kW)"), next to similar models (4SD10-12, 4SD10-24) whose
 * figures differ; every model also appears in spare-part, electrical and packing tables and on
 * its own installation page, so the row that answers has many near misses. Standards (GB/T 5657,
 * ISO 9001) are named in prose. Deterministic: the same manual and questions every run.
 */

export interface ManualQuestion {
  q: string;
  /** The answer must contain one of these... */
  expect: string[];
  /** ...on a quoted line that also names this model (the right row, not its neighbour's). */
  model?: string;
}

type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'para'; text: string }
  | { kind: 'table'; header: string[]; rows: string[][] };

interface Model {
  code: string;
  series: '4SD' | '6SD' | 'QB' | 'AX-Solar' | 'CPm';
  flow: string;
  head: string;
  power: string;
  current: string;
  capacitor: string;
  weight: string;
  outlet: string;
  sealKit: string;
  impeller: string;
  cable: string;
}

export const PUMP_MANUAL_PAGES = 300;

function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);

function buildModels(): Model[] {
  const random = randomSource(5657);
  const models: Model[] = [];
  const add = (
    code: string,
    series: Model['series'],
    flow: number,
    head: number,
    power: number,
    outlet: string,
  ) => {
    const n = models.length;
    models.push({
      code,
      series,
      flow: fixed(flow),
      head: String(Math.round(head)),
      power: fixed(power, 2),
      current: fixed(power * 6.1 + 0.4 + random() * 0.3),
      capacitor: String(16 + 5 * Math.round(power * 4)),
      weight: fixed(8 + power * 6 + random() * 3),
      outlet,
      sealKit: `SK-${7100 + n * 7}`,
      impeller: `IMP-${3200 + n * 11}`,
      cable: `${power > 3 ? 4 : 3} x ${power > 5.5 ? '4.0' : power > 2.2 ? '2.5' : '1.5'} mm²`,
    });
  };
  for (const q of [2, 3, 5, 8, 10, 16]) {
    for (const stages of [6, 12, 18, 24, 30, 36]) {
      const head = stages * (5.6 - q * 0.08) + random() * 3;
      const power = Math.max(0.37, (q * head) / 260);
      add(`4SD${q}-${stages}`, '4SD', q, head, power, q >= 8 ? '2 inch' : '1.25 inch');
    }
  }
  for (const q of [17, 25, 32, 46]) {
    for (const stages of [4, 8, 12, 16, 20]) {
      const head = stages * (9.8 - q * 0.06) + random() * 4;
      add(`6SD${q}-${stages}`, '6SD', q, head, (q * head) / 250, q >= 32 ? '3 inch' : '2.5 inch');
    }
  }
  [40, 60, 70, 80, 90].forEach((size, i) =>
    add(`QB${size}`, 'QB', 1.2 + i * 0.9, 20 + i * 7 + random() * 2, 0.25 + i * 0.18, '1 inch'),
  );
  for (let n = 1; n <= 6; n++) {
    add(
      `AX-Solar ${n}`,
      'AX-Solar',
      1.1 + n * 0.95,
      35 + n * 14 + random() * 3,
      0.18 * n,
      '1.25 inch',
    );
  }
  [130, 146, 158, 170, 190, 200, 210, 230].forEach((size, i) =>
    add(`CPm${size}`, 'CPm', 3 + i * 2.5, 18 + i * 4 + random() * 2, 0.37 + i * 0.3, '1 inch'),
  );
  return models;
}

const SERIES_NAMES: Record<Model['series'], string> = {
  '4SD': '4SD deep-well submersible pumps (4 inch)',
  '6SD': '6SD deep-well submersible pumps (6 inch)',
  QB: 'QB peripheral pumps',
  'AX-Solar': 'AX-Solar DC solar pumps',
  CPm: 'CPm centrifugal pumps',
};

const FILLER = [
  'Read this manual before installation and keep it near the pump for later reference.',
  'The pump must be installed by a qualified electrician in accordance with local regulations.',
  'Disconnect the power supply before any work on the pump, the cable or the control box.',
  'Check the nameplate data against the supply voltage and frequency before the first start.',
  'The pump is intended for clean water without abrasive particles, fibres or flammable liquids.',
  'Sand content above 50 g/m³ shortens the life of the hydraulic parts and voids the warranty.',
  'Fill the pump casing with water before the first start; the pump must never run dry.',
  'Tighten the cable ties every 3 m along the riser pipe so that the cable cannot rub on the well casing.',
  'After a long stop, turn the shaft by hand to make sure that it is not blocked by deposits.',
  'Record the supply voltage, the current of each phase and the water level at commissioning.',
  'Store spare pumps indoors, in their carton, at temperatures between -10 °C and 40 °C.',
  'Use only original spare parts: other parts may reduce the performance and the safety of the pump.',
  'The check valve in the outlet prevents back flow when the pump stops; do not remove it.',
  'The control box protects the motor against overload, dry running and phase failure.',
  'Drain the pump and the pipes when there is a risk of frost.',
  'Noise or vibration usually means that the pump draws air or that the impellers are worn.',
];

function prose(random: () => number, sentences: number): string {
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) out.push(FILLER[Math.floor(random() * FILLER.length)]!);
  return out.join(' ');
}

function tablePages(
  title: string,
  header: string[],
  models: readonly Model[],
  row: (model: Model) => string[],
  note: string,
): Block[][] {
  const pages: Block[][] = [];
  for (let at = 0; at < models.length; at += 18) {
    pages.push([
      { kind: 'heading', text: `${title}${at > 0 ? ' (continued)' : ''}` },
      { kind: 'para', text: note },
      { kind: 'table', header, rows: models.slice(at, at + 18).map(row) },
      { kind: 'para', text: 'Tolerances of the figures in this table follow ISO 9906 grade 3B.' },
    ]);
  }
  return pages;
}

function manualPages(models: readonly Model[]): Block[][] {
  const random = randomSource(9001);
  const pages: Block[][] = [];
  pages.push([
    { kind: 'heading', text: 'Ningbo Hydra Pump Co., Ltd. — Installation and operating manual' },
    {
      kind: 'para',
      text: 'This manual covers the 4SD and 6SD deep-well submersible pumps, the QB peripheral pumps, the CPm centrifugal pumps and the AX-Solar DC solar pumps made by Ningbo Hydra Pump Co., Ltd.',
    },
    {
      kind: 'para',
      text: 'All pumps in this manual are designed and tested according to GB/T 5657, the technical conditions for centrifugal pumps. Our factory quality management system is certified to ISO 9001:2015 by TÜV Rheinland.',
    },
    { kind: 'para', text: prose(random, 8) },
  ]);
  pages.push([
    { kind: 'heading', text: 'Safety instructions' },
    { kind: 'para', text: prose(random, 14) },
    {
      kind: 'para',
      text: 'Warranty: 24 months from the date of delivery, provided that the pump was installed and operated as described in this manual.',
    },
  ]);
  for (const series of Object.keys(SERIES_NAMES) as Array<Model['series']>) {
    const members = models.filter((model) => model.series === series);
    const name = SERIES_NAMES[series];
    pages.push(
      ...tablePages(
        `Technical data: ${name}`,
        ['Model', 'Rated flow (m³/h)', 'Rated head (m)', 'Power (kW)'],
        members,
        (m) => [m.code, m.flow, m.head, m.power],
        `The figures below are measured at the rated point with clean water at 20 °C. ${name} are listed by model.`,
      ),
      ...tablePages(
        `Electrical data: ${name}`,
        ['Model', 'Voltage (V)', 'Rated current (A)', 'Capacitor (uF)'],
        members,
        (m) => [m.code, series === 'AX-Solar' ? '48 DC' : '220', m.current, m.capacitor],
        'Single-phase motors are started by the capacitor in the control box.',
      ),
      ...tablePages(
        `Spare parts: ${name}`,
        ['Model', 'Seal kit part no.', 'Impeller part no.', 'Outlet'],
        members,
        (m) => [m.code, m.sealKit, m.impeller, m.outlet],
        'Order spare parts with the model and the serial number from the nameplate.',
      ),
      ...tablePages(
        `Packing data: ${name}`,
        ['Model', 'Net weight (kg)', 'Carton (mm)', 'Pieces per pallet'],
        members,
        (m) => [m.code, m.weight, `${800 + Math.round(Number(m.head) * 3)} x 160 x 160`, '24'],
        'Weights are without cable and control box.',
      ),
    );
  }
  pages.push([
    { kind: 'heading', text: 'Operating limits by series' },
    {
      kind: 'para',
      text: '4SD pumps need a well diameter of at least 102 mm and can be submerged to a maximum depth of 150 m below the water level.',
    },
    {
      kind: 'para',
      text: '6SD pumps need a well diameter of at least 152 mm and tolerate a sand content of up to 100 g/m³.',
    },
    {
      kind: 'para',
      text: 'QB peripheral pumps handle clean water up to a maximum temperature of 60 °C and lift water from a depth of up to 8 m.',
    },
    {
      kind: 'para',
      text: 'AX-Solar pumps run directly from solar panels of 300 to 1,200 W through the built-in MPPT controller.',
    },
    { kind: 'para', text: prose(random, 6) },
  ]);
  // One installation page per model: the model is named often, its figures are not.
  for (const model of models) {
    pages.push([
      { kind: 'heading', text: `Installation notes for the ${model.code}` },
      {
        kind: 'para',
        text: `The ${model.code} belongs to the ${SERIES_NAMES[model.series]}. Before installing the ${model.code}, check that the well or tank can supply the water the pump draws. ${prose(random, 4)}`,
      },
      {
        kind: 'para',
        text: `For the ${model.code} use a cable of ${model.cable} for runs up to 50 m; longer runs need the next larger size. ${prose(random, 3)}`,
      },
      {
        kind: 'para',
        text: `The ${model.code} is supplied with a ${model.outlet} threaded outlet. ${prose(random, 5)}`,
      },
    ]);
  }
  const maintenanceTopics = [
    'Commissioning',
    'Maintenance',
    'Troubleshooting',
    'Storage and transport',
    'Control boxes',
    'Pipe work',
  ];
  for (let i = 0; pages.length < PUMP_MANUAL_PAGES; i++) {
    const topic = maintenanceTopics[i % maintenanceTopics.length]!;
    const model = models[Math.floor(random() * models.length)]!;
    pages.push([
      { kind: 'heading', text: `${topic} (${i + 1})` },
      { kind: 'para', text: prose(random, 7) },
      {
        kind: 'para',
        text: `Example: a ${model.code} that starts and stops often should be checked for a leaking check valve or a pressure switch set too close. ${prose(random, 5)}`,
      },
      { kind: 'para', text: prose(random, 6) },
    ]);
  }
  return pages.slice(0, PUMP_MANUAL_PAGES);
}

const PAGE = { width: 595, height: 842, margin: 50 };
const BODY = 9;
const LINE = 11;
const COLUMNS = [50, 170, 300, 430];

function drawWrapped(page: PDFPage, font: PDFFont, text: string, y: number): number {
  const maxWidth = PAGE.width - 2 * PAGE.margin;
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, BODY) > maxWidth && line) {
      page.drawText(line, { x: PAGE.margin, y, size: BODY, font });
      y -= LINE;
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) {
    page.drawText(line, { x: PAGE.margin, y, size: BODY, font });
    y -= LINE;
  }
  return y - LINE / 2;
}

async function renderPdf(pages: readonly Block[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const blocks of pages) {
    const page = pdf.addPage([PAGE.width, PAGE.height]);
    let y = PAGE.height - PAGE.margin;
    for (const block of blocks) {
      if (block.kind === 'heading') {
        page.drawText(block.text, { x: PAGE.margin, y, size: 12, font: bold });
        y -= 2 * LINE;
      } else if (block.kind === 'para') {
        y = drawWrapped(page, font, block.text, y);
      } else {
        for (const cells of [block.header, ...block.rows]) {
          cells.forEach((cell, column) => {
            page.drawText(cell, { x: COLUMNS[column]!, y, size: BODY, font });
          });
          y -= LINE + 3;
        }
        y -= LINE;
      }
    }
  }
  return pdf.save();
}

function questionsFor(models: readonly Model[]): ManualQuestion[] {
  const get = (code: string) => {
    const model = models.find((m) => m.code === code);
    if (!model) throw new Error(`no model ${code}`);
    return model;
  };
  const row = (q: string, code: string, value: string): ManualQuestion => ({
    q,
    expect: [value],
    model: code,
  });
  return [
    row('What is the rated head of the 4SD10-18?', '4SD10-18', get('4SD10-18').head),
    row('What is the rated flow of the 4SD10-24?', '4SD10-24', get('4SD10-24').flow),
    row('What power does the QB60 need?', 'QB60', get('QB60').power),
    { q: 'Which standard do the pumps follow?', expect: ['GB/T 5657'] },
    row('How much power does the 4SD10-12 motor have?', '4SD10-12', get('4SD10-12').power),
    row('What is the rated head of the 6SD25-12?', '6SD25-12', get('6SD25-12').head),
    row('What is the rated head of the AX-Solar 2?', 'AX-Solar 2', get('AX-Solar 2').head),
    row('What is the net weight of the QB70?', 'QB70', get('QB70').weight),
    { q: 'Which quality management standard is the factory certified to?', expect: ['ISO 9001'] },
    row('What is the rated flow of the 4SD5-18?', '4SD5-18', get('4SD5-18').flow),
    row('What is the power of the 6SD46-8?', '6SD46-8', get('6SD46-8').power),
    row('What is the rated head of the 4SD2-30?', '4SD2-30', get('4SD2-30').head),
    row('What is the seal kit part number for the 4SD10-18?', '4SD10-18', get('4SD10-18').sealKit),
    row('What cable size does the 4SD16-24 need?', '4SD16-24', get('4SD16-24').cable),
    {
      q: 'What is the minimum well diameter for 6SD pumps?',
      expect: ['152 mm'],
    },
    {
      q: 'What is the maximum water temperature for QB pumps?',
      expect: ['60 °C'],
    },
    row('What is the rated current of the 4SD8-12?', '4SD8-12', get('4SD8-12').current),
    {
      q: 'How deep can 4SD pumps be submerged?',
      expect: ['150 m'],
    },
    row('What capacitor does the CPm158 use?', 'CPm158', get('CPm158').capacitor),
    row('4SD10-18的扬程是多少？', '4SD10-18', get('4SD10-18').head),
  ];
}

export interface PumpManual {
  pdf: Uint8Array;
  questions: ManualQuestion[];
  pages: number;
}

export async function buildPumpManual(): Promise<PumpManual> {
  const models = buildModels();
  const pages = manualPages(models);
  return { pdf: await renderPdf(pages), questions: questionsFor(models), pages: pages.length };
}

const fold = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');

/**
 * Right: a citation, and one quoted line holding an expected value (as a whole figure, not part
 * of a longer number) together with the question's model.
 */
export function isRightManualAnswer(
  question: ManualQuestion,
  answer: { message: string; citations: readonly unknown[] },
): boolean {
  if (answer.citations.length === 0) return false;
  return answer.message.split('\n').some((line) => {
    const text = fold(line);
    if (
      question.model &&
      !new RegExp(`(?<![a-z0-9])${escape(fold(question.model))}(?![0-9])`).test(text)
    ) {
      return false;
    }
    return question.expect.some((value) =>
      new RegExp(`(?<![0-9.])${escape(fold(value))}(?![0-9]|\\.\\d)`).test(text),
    );
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
