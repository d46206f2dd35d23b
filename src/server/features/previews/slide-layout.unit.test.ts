import { describe, expect, it } from 'vitest';
import { parseSlide, slideSize } from './slide-layout.ts';

const EMU = 12_700;
const xfrm = (x: number, y: number, w: number, h: number) =>
  `<a:xfrm><a:off x="${x * EMU}" y="${y * EMU}"/><a:ext cx="${w * EMU}" cy="${h * EMU}"/></a:xfrm>`;
const picture = (id: string, box: string) =>
  `<p:pic><p:blipFill><a:blip r:embed="${id}"/></p:blipFill><p:spPr>${box}</p:spPr></p:pic>`;

const SLIDE = `<p:sld><p:cSld><p:spTree>
  <p:sp><p:spPr>${xfrm(50, 40, 400, 50)}</p:spPr><p:txBody><a:p><a:r><a:t>Price &amp; MOQ</a:t></a:r></a:p></p:txBody></p:sp>
  <p:graphicFrame><p:xfrm><a:off x="${50 * EMU}" y="${120 * EMU}"/><a:ext cx="${300 * EMU}" cy="${100 * EMU}"/></p:xfrm>
    <a:tbl><a:tr><a:tc><a:t>QB60</a:t></a:tc><a:tc><a:t>29.5</a:t></a:tc></a:tr></a:tbl></p:graphicFrame>
  ${picture('rId2', xfrm(380, 120, 160, 120))}
  ${picture('rId3', xfrm(600, 20, 40, 40))}
</p:spTree></p:cSld></p:sld>`;

const RELS = `<Relationships>
  <Relationship Id="rId2" Type="image" Target="../media/image1.png"/>
  <Relationship Id="rId3" Type="image" Target="https://example.com/x.png" TargetMode="External"/>
</Relationships>`;

describe('parseSlide', () => {
  const layout = parseSlide(SLIDE, RELS, 'ppt/slides/slide4.xml', { width: 720, height: 405 });

  it('places text shapes and tables in points, their words decoded', () => {
    expect(layout.runs).toEqual([
      { x: 50, y: 40, width: 400, height: 50, text: 'Price & MOQ' },
      { x: 50, y: 120, width: 300, height: 100, text: 'QB60 29.5' },
    ]);
  });

  it("keeps the deck's own pictures with their media part, never a linked one", () => {
    expect(layout.images).toEqual([{ x: 380, y: 120, width: 160, height: 120 }]);
    expect(layout.media).toEqual(['ppt/media/image1.png']);
  });
});

describe('slideSize', () => {
  it('reads the slide size, else the 4:3 default', () => {
    expect(slideSize(`<p:sldSz cx="${720 * EMU}" cy="${405 * EMU}"/>`)).toEqual({
      width: 720,
      height: 405,
    });
    expect(slideSize('<p:presentation/>')).toEqual({ width: 720, height: 540 });
  });
});
