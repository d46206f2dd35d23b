import { useCallback, useEffect, useRef, type Ref } from 'react';

/** No text on a page smaller than this (CSS pixels). */
export const MIN_READABLE_TEXT_PX = 12;
/** Set on an SVG <text> that would draw below the minimum at the SVG's current size. */
export const TOO_SMALL_ATTRIBUTE = 'data-too-small';
/** Put on the <svg>: hides what is marked too small (the PNG download never carries CSS). */
export const READABLE_TEXT_CLASS = '[&_text[data-too-small]]:invisible';

/** The size a <text> of `fontSize` user units draws at when the viewBox is shown `scale`×. */
export function renderedTextPx(fontSize: number, scale: number): number {
  return fontSize * scale;
}

function fontSizeOf(text: SVGTextElement): number {
  const attribute = Number.parseFloat(text.getAttribute('font-size') ?? '');
  if (Number.isFinite(attribute)) return attribute;
  return Number.parseFloat(getComputedStyle(text).fontSize) || 16;
}

/** Marks every <text> of `svg` that its shown size would make smaller than `minPx`. */
export function markSmallText(svg: SVGSVGElement, minPx = MIN_READABLE_TEXT_PX): number {
  const viewWidth = svg.viewBox.baseVal?.width || svg.clientWidth || 1;
  const shownWidth = svg.getBoundingClientRect().width;
  if (shownWidth === 0) return 0; // not laid out (hidden tab, jsdom): leave it as it is
  const scale = shownWidth / viewWidth;
  let hidden = 0;
  for (const text of svg.querySelectorAll('text')) {
    const small = renderedTextPx(fontSizeOf(text), scale) < minPx;
    if (small) hidden += 1;
    if (small !== text.hasAttribute(TOO_SMALL_ATTRIBUTE)) {
      if (small) text.setAttribute(TOO_SMALL_ATTRIBUTE, '');
      else text.removeAttribute(TOO_SMALL_ATTRIBUTE);
    }
  }
  return hidden;
}

/**
 * Keeps a card SVG readable at any size: text that would draw under 12 px (a 960-wide card
 * on a 390-px phone shows 12-unit labels at about 4 px) is hidden, and comes back when the
 * card is shown larger. Pages show those details as HTML text beside the card. Returns a ref
 * callback for the <svg> that also forwards to `forward`.
 */
export function useReadableSvgText(
  forward?: Ref<SVGSVGElement>,
): (node: SVGSVGElement | null) => void {
  const node = useRef<SVGSVGElement | null>(null);
  const forwardRef = useRef(forward);
  forwardRef.current = forward;

  useEffect(() => {
    const svg = node.current;
    if (!svg || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => markSmallText(svg));
    };
    update();
    const resize = new ResizeObserver(update);
    resize.observe(svg);
    // Texts are fitted (and their font-size changed) after fonts load and values change.
    const mutations = new MutationObserver(update);
    mutations.observe(svg, {
      subtree: true,
      childList: true,
      characterData: true,
      attributeFilter: ['font-size'],
    });
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      mutations.disconnect();
    };
  });

  return useCallback((element: SVGSVGElement | null) => {
    node.current = element;
    const target = forwardRef.current;
    if (typeof target === 'function') target(element);
    else if (target) (target as { current: SVGSVGElement | null }).current = element;
  }, []);
}
