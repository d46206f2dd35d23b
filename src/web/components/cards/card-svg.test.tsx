// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CARD_TEMPLATES } from '#shared/schemas/cards.ts';
import { CardSvg, type CardView } from '#web/components/cards/card-svg.tsx';

const view: CardView = {
  name: 'Li Wei',
  company: 'Hengtai Machinery',
  email: 'li@hengtai.example',
  phone: '',
  website: '',
  address: 'Tianhe Road 88, Guangzhou',
  wechat: 'hengtai_li',
  logo: null,
  qr: 'data:image/png;base64,iVBORw0KGgo=',
  primaryColor: '#2563EB',
  secondaryColor: '#1E3A8A',
};
const texts = {
  email: 'Email',
  phone: 'Phone',
  website: 'Web',
  address: 'Address',
  scan: 'Scan me',
};

function draw(template: (typeof CARD_TEMPLATES)[number], side: 'front' | 'back') {
  render(
    <CardSvg
      template={template}
      side={side}
      view={view}
      texts={texts}
      language="en"
      title={`${template} ${side}`}
    />,
  );
  return screen.getByRole('img', { name: `${template} ${side}` });
}

afterEach(cleanup);

describe('every card template', () => {
  for (const template of CARD_TEMPLATES) {
    it(`${template}: the front shows the name, company, the one detail given and the QR code`, () => {
      const card = draw(template, 'front');
      // Some templates set the company or the labels in capitals.
      const text = (card.textContent ?? '').toLowerCase();
      expect(text).toContain('li wei');
      expect(text).toContain('hengtai machinery');
      expect(text).toContain('li@hengtai.example');
      // No phone or website on this card: their labels are left out rather than drawn empty.
      expect(text).not.toMatch(/phone|web\b/);
      expect(card.querySelector('[data-testid="card-qr"]')).not.toBeNull();
      expect(card.querySelector('[data-testid="card-logo-placeholder"]')?.textContent).toBe('H');
    });

    it(`${template}: the back says scan me, with the address and WeChat`, () => {
      const text = draw(template, 'back').textContent ?? '';
      expect(text).toContain('Scan me');
      expect(text).toContain('Tianhe Road 88, Guangzhou');
      expect(text).toContain('WeChat hengtai_li');
    });
  }
});
