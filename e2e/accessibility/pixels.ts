import type {BrowserContext, Locator} from 'playwright-core';

/**
 * How much of a control is drawn visibly: the pixels of a screenshot around it whose contrast
 * with the most common colour there (its background) is at least 3:1, WCAG's contrast for a
 * graphical object. A control whose icon, text and border all vanished counts (nearly) none.
 * The PNG is decoded by the browser itself, in a blank page of the same context.
 */
export async function inkPixels(
  context: BrowserContext,
  control: Locator,
  padding = 4,
): Promise<number> {
  // Transitions still running (a control fading in on focus) are let to finish first.
  await control.page().evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  const box = await control.boundingBox();
  if (!box) throw new Error('the control is not on screen');
  const page = control.page();
  const png = await page.screenshot({
    clip: {
      x: Math.max(0, box.x - padding),
      y: Math.max(0, box.y - padding),
      width: box.width + 2 * padding,
      height: box.height + 2 * padding,
    },
  });
  const decoder = await context.newPage();
  try {
    return await decoder.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], {type: 'image/png'}));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context2d = canvas.getContext('2d');
      if (!context2d) throw new Error('no 2d context');
      context2d.drawImage(bitmap, 0, 0);
      const {data} = context2d.getImageData(0, 0, bitmap.width, bitmap.height);
      const luminance = (r: number, g: number, b: number) => {
        const linear = (value: number) => {
          const c = value / 255;
          return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
      };
      const counts = new Map<number, number>();
      for (let i = 0; i < data.length; i += 4) {
        const key = ((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const background = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
      const backgroundLuminance = luminance(
        (background >> 16) & 255,
        (background >> 8) & 255,
        background & 255,
      );
      let ink = 0;
      for (let i = 0; i < data.length; i += 4) {
        const l = luminance(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0);
        const contrast =
          (Math.max(l, backgroundLuminance) + 0.05) / (Math.min(l, backgroundLuminance) + 0.05);
        if (contrast >= 3) ink += 1;
      }
      return ink;
    }, png.toString('base64'));
  } finally {
    await decoder.close();
  }
}
