// The portal's logo: a warehouse with a stacked box, in the brand red. An inline SVG rather than
// an image file, so every remote can show it without knowing where the shell's assets live.
import type { SVGProps } from 'react';
import { almacenBrand } from './theme';

export interface AlmacenLogoProps extends SVGProps<SVGSVGElement> {
  size?: number;
  title?: string;
}

export function AlmacenLogo({ size = 32, title = 'Almacén', ...props }: AlmacenLogoProps) {
  return (
    <svg role="img" aria-label={title} width={size} height={size} viewBox="0 0 64 64" xmlns="http://www.w3.org/2000/svg" {...props}>
      <title>{title}</title>
      <path d="M4 26 32 8l28 18v30a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2Z" fill={almacenBrand[80]} />
      <path d="M14 58V32h36v26" fill="#ffffff" />
      <rect x="18" y="44" width="12" height="10" rx="1" fill={almacenBrand[60]} />
      <rect x="34" y="44" width="12" height="10" rx="1" fill={almacenBrand[100]} />
      <rect x="26" y="34" width="12" height="9" rx="1" fill={almacenBrand[80]} />
      <path d="M14 36h36" stroke={almacenBrand[40]} strokeWidth="2" />
    </svg>
  );
}
