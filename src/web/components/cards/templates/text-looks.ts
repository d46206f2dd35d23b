import { CARD_LOGO_SIZE } from '#web/components/cards/card-image.ts';
import type { PlacedText, TextLook } from './types.ts';

/* The looks most templates share; a template passes only what it does differently. */

/** A small upper-case label over or beside a detail ("PHONE"). */
export function capsLabel(fill: string, look: Partial<TextLook> = {}): TextLook {
  return {
    size: 12,
    minSize: 9,
    family: 'sans',
    weight: 600,
    fill,
    letterSpacing: 1.5,
    uppercase: true,
    ...look,
  };
}

/** A detail's value ("+86 21 5555 0100"). */
export function detailValue(fill: string, look: Partial<TextLook> = {}): TextLook {
  return { size: 19, minSize: 12, family: 'sans', fill, ...look };
}

/** The company to the right of the logo, centred on it, on up to two lines. */
export function companyBesideLogo(
  look: Omit<TextLook, 'family'> & Partial<PlacedText>,
): PlacedText {
  return {
    x: 176,
    y: 64,
    height: CARD_LOGO_SIZE,
    valign: 'middle',
    width: 712,
    maxLines: 2,
    family: 'sans',
    ...look,
  };
}

/** The person's name in large type under the logo, on up to two lines. */
export function nameUnderLogo(
  look: Omit<TextLook, 'family'> & Pick<PlacedText, 'y' | 'height'> & Partial<PlacedText>,
): PlacedText {
  return {
    x: 72,
    valign: 'middle',
    width: 816,
    maxLines: 2,
    weight: 700,
    family: 'sans',
    ...look,
  };
}
