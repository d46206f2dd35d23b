import { describe, expect, it } from 'vitest';
import { CARD_TEMPLATES } from '#shared/schemas/cards.ts';
import { CARD_HEIGHT, CARD_WIDTH, cardFileName, serializeSvg, svgDataUrl } from './card-image.ts';

describe('card picture', () => {
  it('is named business-card-{template}-{id}.png', () => {
    expect(cardFileName('modern', 12)).toBe('business-card-modern-12.png');
    for (const template of CARD_TEMPLATES) {
      expect(cardFileName(template, 7)).toMatch(/^business-card-[a-z]+-7\.png$/);
    }
  });

  it('is serialized as a 960×576 standalone SVG', () => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', `0 0 ${CARD_WIDTH} ${CARD_HEIGHT}`);
    svg.setAttribute('class', 'w-full');
    const text = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    text.textContent = 'Hengtai & Söhne <恒泰>';
    svg.append(text);

    const markup = serializeSvg(svg);
    expect(markup).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(markup).toContain('width="960"');
    expect(markup).toContain('height="576"');
    expect(markup).not.toContain('class=');
    expect(markup).toContain('Hengtai &amp; Söhne &lt;恒泰&gt;');
    // The page's own element is untouched.
    expect(svg.getAttribute('class')).toBe('w-full');
    expect(svgDataUrl(markup).startsWith('data:image/svg+xml;charset=utf-8,%3Csvg')).toBe(true);
  });
});
