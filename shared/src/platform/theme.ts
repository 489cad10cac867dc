// The portal's red brand ("a custom red brand palette"). One ramp, one theme, used by the
// single FluentProvider of the shell (and of a remote running alone).
import { createLightTheme, type BrandVariants, type Theme } from '@almacen/shared/fluent';

export const almacenBrand: BrandVariants = {
  10: '#080202',
  20: '#2a0d0e',
  30: '#461013',
  40: '#5d1217',
  50: '#74131b',
  60: '#8c131e',
  70: '#a51421',
  80: '#bd1a26',
  90: '#c9383a',
  100: '#d3514f',
  110: '#dc6965',
  120: '#e4807b',
  130: '#eb9792',
  140: '#f2aea9',
  150: '#f7c5c1',
  160: '#fcdcd9',
};

export const almacenTheme: Theme = createLightTheme(almacenBrand);
