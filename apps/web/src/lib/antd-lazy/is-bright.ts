import { Color as RcColor } from '@rc-component/color-picker/es/color';

/**
 * antd's `isBright` (color-picker/components/ColorPresets.js, antd 6.6.8), for Button's style tokens: vite.config.ts
 * points their import of ColorPresets here. ColorPresets itself draws a `Collapse`, whose `Object.assign` default
 * export kept Collapse and rc-collapse in the first chunk though no first screen draws one (ADR 0058). The same
 * computation: a colour is bright when its luminance is over 192, or, when half transparent or more, when it is
 * light on the given background.
 */
export const isBright = (
  value: { toRgb: () => { r: number; g: number; b: number; a: number }; toRgbString: () => string },
  bgColorToken: string,
) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) {
    // Adapted to dark mode
    return hsv.v > 0.5;
  }
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
