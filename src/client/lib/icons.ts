import type { IconData } from './dom';

/*
 * The lucide icons the landing's overlays draw without React, copied from lucide-react's `__iconData` (importing that
 * would also import the React component built next to it). icons.test.ts checks they still match the package.
 */

export const BOT: IconData = {
  name: 'bot',
  node: [
    ['path', { d: 'M12 8V4H8' }],
    ['rect', { width: '16', height: '12', x: '4', y: '8', rx: '2' }],
    ['path', { d: 'M2 14h2' }],
    ['path', { d: 'M20 14h2' }],
    ['path', { d: 'M15 13v2' }],
    ['path', { d: 'M9 13v2' }],
  ],
};

export const DOWNLOAD: IconData = {
  name: 'download',
  node: [
    ['path', { d: 'M12 15V3' }],
    ['path', { d: 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4' }],
    ['path', { d: 'm7 10 5 5 5-5' }],
  ],
};

export const MESSAGE_CIRCLE: IconData = {
  name: 'message-circle',
  node: [
    [
      'path',
      { d: 'M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719' },
    ],
  ],
};

export const SEND: IconData = {
  name: 'send',
  node: [
    ['path', { d: 'M14.536 21.686a.5.5 0 0 0 .937-.024l6.5-19a.496.496 0 0 0-.635-.635l-19 6.5a.5.5 0 0 0-.024.937l7.93 3.18a2 2 0 0 1 1.112 1.11z' }],
    ['path', { d: 'm21.854 2.147-10.94 10.939' }],
  ],
};

export const SHARE: IconData = {
  name: 'share',
  node: [
    ['path', { d: 'M12 2v13' }],
    ['path', { d: 'm16 6-4-4-4 4' }],
    ['path', { d: 'M4 12v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8' }],
  ],
};

export const X: IconData = {
  name: 'x',
  node: [
    ['path', { d: 'M18 6 6 18' }],
    ['path', { d: 'm6 6 12 12' }],
  ],
};
