import type { InterpolationOptions, PostProcessorModule } from 'i18next';
import { markValue, spaceMarkedValues } from './cjk-spacing.ts';

/*
 * Latin names and numbers interpolated into Chinese strings get a space at the seam
 * ("欢迎咨询 Aoxin Pump Industry"), for every t() call rather than call by call.
 * i18next's `escape` hook sees every interpolated value: it marks the value's ends instead of
 * HTML-escaping (React escapes on render). The post-processor, which runs after interpolation,
 * spaces the marked seams in Chinese and drops the markers in every language.
 */

export const CJK_SPACING = 'cjkSpacing';

export const cjkSpacingInterpolation: InterpolationOptions = {
  escapeValue: true,
  escape: (value: unknown) => markValue(String(value)),
};

export const cjkSpacingPostProcessor: PostProcessorModule = {
  type: 'postProcessor',
  name: CJK_SPACING,
  process(value: string, _key, options: { lng?: string }, translator: { language?: string }) {
    const language = options.lng ?? translator.language ?? '';
    return spaceMarkedValues(value, language.startsWith('zh'));
  },
};
