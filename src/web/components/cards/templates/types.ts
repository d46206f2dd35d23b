import type { ReactNode } from 'react';
import type { FitTextProps, FontStacks } from '#web/components/cards/svg-parts.tsx';

/** What a card shows; images are data URLs so the PNG export can draw them. */
export interface CardView {
  name: string;
  company: string;
  email: string;
  phone: string;
  website: string;
  address: string;
  /** Job title, WeChat ID and WhatsApp number: on the back, under the address ('' = none). */
  jobTitle?: string;
  wechat?: string;
  whatsapp?: string;
  logo: string | null;
  qr: string | null;
  primaryColor: string;
  secondaryColor: string;
}

/** The card's own words, in the interface language. */
export interface CardTexts {
  email: string;
  phone: string;
  website: string;
  address: string;
  scan: string;
  wechat?: string;
  whatsapp?: string;
}

/** Everything a template draws from: the SVG's id prefix, the card, its words and fonts. */
export interface TemplateContext {
  id: string;
  view: CardView;
  texts: CardTexts;
  fonts: FontStacks;
}

export type FontKey = keyof FontStacks;

/** A FitText's look, with the family named by its role (the stack depends on the language). */
export type TextLook = Omit<FitTextProps, 'text' | 'x' | 'y' | 'width' | 'family' | 'testId'> & {
  family: FontKey;
};

/** A FitText's look and place on the card. */
export type PlacedText = TextLook & { x: number; y: number; width: number };

/** How the e-mail, phone and website lines sit on the front. */
export type DetailsLayout =
  /** Label above value, two to a row. */
  | {
      kind: 'grid';
      x: number;
      y: number;
      columnStep: number;
      rowStep: number;
      width: number;
      label: TextLook;
      value: TextLook;
    }
  /** One row each: label column, then value. */
  | {
      kind: 'rows';
      x: number;
      y: number;
      step: number;
      labelWidth: number;
      width: number;
      label: TextLook;
      value: TextLook;
      /** Printed after each label ("Phone:" on the tech card). */
      labelSuffix?: string;
    };

/** Where and how a template draws the parts every front has. */
export interface FrontLayout {
  backdrop: (ctx: TemplateContext) => ReactNode;
  logo: {
    x: number;
    y: number;
    ring?: string;
    ringWidth?: number;
    placeholderFill: string;
    placeholderText: string;
    family: FontKey;
    grayscale?: boolean;
  };
  company: PlacedText;
  name: PlacedText;
  /** Rules, panels and captions that set the details apart from the name. */
  ornament?: ReactNode;
  details: DetailsLayout;
  qr: {
    x: number;
    y: number;
    pad?: number;
    radius?: number;
    stroke?: string;
    strokeWidth?: number;
  };
  /** The template's glow filter (its id is `${id}-glow`) goes on the logo, name and QR tile. */
  glow?: boolean;
}

export interface BackTheme {
  backdrop: (ctx: TemplateContext) => ReactNode;
  text: string;
  muted: string;
  scanFamily: FontKey;
  qrStroke?: string;
  qrStrokeWidth?: number;
  /** The template's glow filter goes on the QR tile. */
  glow?: boolean;
}

export interface TemplateSpec {
  /** A function of the card, for templates that paint with its colours or fonts. */
  front: (ctx: TemplateContext) => FrontLayout;
  back: BackTheme;
}
