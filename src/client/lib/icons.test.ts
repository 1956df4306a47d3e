import { describe, expect, test } from 'vitest';
import { BOT, DOWNLOAD, MESSAGE_CIRCLE, SEND, SHARE, X } from './icons';
import type { IconData } from './dom';

type Lucide = { name: string; node: [string, Record<string, string>][] };

/** The drawing lucide-react ships for an icon (its typings declare only the component), without React's keys. */
async function lucide(name: string) {
  const { __iconData: data } = (await import(`lucide-react/icons/${name}`)) as { __iconData: Lucide };
  return { name: data.name, node: data.node.map(([tag, { key: _key, ...attrs }]) => [tag, attrs]) };
}

describe('landing overlay icons', () => {
  test.each([BOT, DOWNLOAD, MESSAGE_CIRCLE, SEND, SHARE, X] as IconData[])('$name matches the installed lucide-react drawing', async (copy) => {
    expect(copy).toEqual(await lucide(copy.name));
  });
});
