export { SCROLL_HINT, ScrollArea } from './scroll-area';
export type { ScrollAreaProps } from './scroll-area';
