import { prepareDateFormats } from '@/features/cards/card-list-format';
import { prepareClassMerging } from '@/lib/cn';
import { whenIdle } from '@/lib/when-idle';

/**
 * The first drawing's one-off set-up (tailwind-merge's table of classes, the cards' date formats),
 * one idle task each, so the first render finds them made: issue 19, time best spent while the page
 * waits for the network. (The locale data the formats need is loaded in a worker as the app starts:
 * lib/locale-data-warm-up.ts.)
 */
export function prepareFirstDrawingWhenIdle(): void {
  whenIdle(prepareClassMerging, 200);
  whenIdle(prepareDateFormats, 200);
}
