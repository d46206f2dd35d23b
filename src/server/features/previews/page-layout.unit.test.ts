import { describe, expect, it } from 'vitest';
import { markBoxes, pictureBeside, type PageLayout, type TextRun } from './page-layout.ts';

const run = (text: string, x: number, y: number, width = text.length * 6): TextRun => ({
  text,
  x,
  y,
  width,
  height: 12,
});

const page = (runs: TextRun[], images: PageLayout['images'] = []): PageLayout => ({
  width: 600,
  height: 800,
  runs,
  images,
});

describe('markBoxes', () => {
  const layout = page([
    run('AquaJet 500 booster pump', 50, 40),
    run('Model', 320, 200),
    run('Price: USD 1,250', 320, 230),
    run('Warranty: two years', 320, 260),
  ]);

  it('marks the words of a quote, not the rest of the page', () => {
    const marks = markBoxes(layout, 'Price: USD 1,250');
    expect(marks).toEqual([{ x: 320, y: 230, width: 96, height: 12 }]);
  });

  it('marks only the quoted part of a run, its width shared by characters', () => {
    const [mark] = markBoxes(layout, 'USD 1,250');
    expect(mark!.x).toBeCloseTo(320 + 96 * (7 / 16));
    expect(mark!.x + mark!.width).toBeCloseTo(416);
  });

  it('finds a quote across runs, spacing and case aside, and each part of a joined excerpt', () => {
    const marks = markBoxes(layout, 'price:usd 1,250 warranty: TWO years … AquaJet 500');
    expect(marks.map((m) => m.y).sort((a, b) => a - b)).toEqual([40, 230, 260]);
  });

  it('marks nothing for a quote that is not on the page', () => {
    expect(markBoxes(layout, 'Delivery within 30 days')).toEqual([]);
    expect(markBoxes(layout, '')).toEqual([]);
  });

  it('finds Chinese text', () => {
    const chinese = page([run('静音增压泵，价格 29.5 美元', 10, 10)]);
    expect(markBoxes(chinese, '价格 29.5')).toHaveLength(1);
  });
});

describe('pictureBeside', () => {
  const price = [{ x: 320, y: 230, width: 96, height: 12 }];
  const photo = { x: 40, y: 180, width: 240, height: 180 };

  it('picks the product photo beside the passage', () => {
    expect(pictureBeside(page([], [photo]), price)).toBe(0);
  });

  it('leaves out icons, full-page backgrounds and pictures far from the passage', () => {
    const icon = { x: 430, y: 225, width: 20, height: 20 };
    const background = { x: 0, y: 0, width: 600, height: 800 };
    const far = { x: 40, y: 700, width: 200, height: 90 };
    expect(pictureBeside(page([], [icon, background, far]), price)).toBeNull();
    expect(pictureBeside(page([], [icon, background, far, photo]), price)).toBe(3);
  });

  it('takes the nearest of two pictures', () => {
    const below = { x: 320, y: 250, width: 200, height: 150 };
    expect(pictureBeside(page([], [photo, below]), price)).toBe(1);
  });

  it('has no picture without a marked passage', () => {
    expect(pictureBeside(page([], [photo]), [])).toBeNull();
  });
});
