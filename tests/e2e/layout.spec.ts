import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shopUrl } from './support/ports';

/**
 * The page at the widths phones, tablets and desktops have: the hero carousel's caption never sits
 * under its arrows or its slide indicators, on either slide, and no page scrolls sideways. Checked by
 * the elements' boxes, so the check holds whatever fonts the machine has.
 */
const WIDTHS = [320, 375, 768, 1280, 1920];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator.toString()}`);
  return found;
}

const CONTROLS = {
  'the previous arrow': '.carousel-control-prev-icon',
  'the next arrow': '.carousel-control-next-icon',
  'the slide indicators': '.carousel-indicators',
};

/**
 * The boxes of slide `slide`'s caption and picture and of the carousel's controls, all read in one
 * script, so from one layout: read one call at a time, a page that moved in between (a slide starting,
 * a scroll) would pair a caption with controls from another moment. Null while a slide is moving or
 * another one shows.
 */
async function restingBoxes(page: Page, slide: number) {
  return page.evaluate(
    ({ slide, controls }) => {
      const carousel = document.querySelector('.hero-carousel');
      const item = carousel?.querySelectorAll('.carousel-item')[slide];
      if (!carousel || !item?.classList.contains('active')) return null;
      if (carousel.querySelector('[class*="carousel-item-"]')) return null;
      const boxOf = (element: Element | null | undefined) => {
        if (!element) throw new Error('a carousel part is missing');
        const { x, y, width, height } = element.getBoundingClientRect();
        return { x, y, width, height };
      };
      return {
        caption: boxOf(item.querySelector('.hero-caption')),
        image: boxOf(item.querySelector('img')),
        controls: Object.entries(controls).map(([name, selector]) => ({
          name,
          box: boxOf(carousel.querySelector(selector)),
        })),
      };
    },
    { slide, controls: CONTROLS },
  );
}

async function expectCaptionClear(page: Page, width: number, slide: number) {
  const at = `at ${width} px, slide ${slide + 1}`;
  // Measured at rest: the slide shown, and none moving (a moving one keeps its place in the box). The
  // boxes checked are the ones the poll read at rest (set in its callback, which TypeScript cannot
  // follow, hence the cast).
  let boxes = null as Awaited<ReturnType<typeof restingBoxes>>;
  await expect
    .poll(async () => (boxes = await restingBoxes(page, slide)), {
      message: `${at}: the slide comes to rest`,
    })
    .not.toBeNull();
  if (!boxes) throw new Error(`${at}: the slide never came to rest`);
  const { caption, image, controls } = boxes;
  for (const { name, box } of controls) {
    expect(
      overlaps(caption, box),
      `${at}: caption ${JSON.stringify(caption)} over ${name} ${JSON.stringify(box)}`,
    ).toBe(false);
  }
  // The caption stays inside its picture.
  expect(caption.y, `${at}: caption above the picture`).toBeGreaterThanOrEqual(image.y);
  expect(caption.y + caption.height, `${at}: caption below the picture`).toBeLessThanOrEqual(
    image.y + image.height,
  );
}

test.describe('layout at every width', () => {
  for (const width of WIDTHS) {
    test(`home at ${width} px: carousel captions clear of its controls, no sideways scroll`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The pointer over the carousel stops it moving by itself; a slow start may have moved it on,
      // and a move under way ignores a click, so the click waits for it to end.
      await page.locator('.hero-carousel').hover();
      await expect(page.locator('.hero-carousel [class*="carousel-item-"]')).toHaveCount(0);
      await page.getByRole('button', { name: 'Slide 1' }).click();
      await expectCaptionClear(page, width, 0);
      // The second slide, shown by its indicator.
      await page.getByRole('button', { name: 'Slide 2' }).click();
      await expectCaptionClear(page, width, 1);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `at ${width} px the page scrolls sideways`).toBeLessThanOrEqual(width);
    });
  }

  test('the carousel controls show where the keyboard is', async ({ page }) => {
    await page.goto('/');
    const next = page.locator('.hero-carousel .carousel-control-next');
    await next.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const outline = await next.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
  });
});

test.describe('a table page at every width', () => {
  test('My Orders: no cell over another, every button inside the screen, no sideways scroll', async ({
    page,
    customer: _,
    product,
  }) => {
    for (const quantity of [100, 250]) {
      const placed = await page.request.post('/api/purchase', {
        data: { toolId: product._id, name: 'Lee', address: '4 Mill Road', number: '5550100', quantity },
        headers: { origin: shopUrl },
      });
      expect(placed.status(), await placed.text()).toBe(201);
    }
    for (const width of [320, 375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard/myOrder');
      const rows = page.locator('table tbody tr');
      await expect(rows).toHaveCount(2);
      for (const row of await rows.all()) {
        const cells = await Promise.all((await row.locator('td').all()).map((cell) => box(cell)));
        for (const [i, a] of cells.entries()) {
          for (const b of cells.slice(i + 1)) {
            expect(overlaps(a, b), `at ${width} px two cells of a row overlap`).toBe(false);
          }
        }
        for (const button of await row.locator('a.btn, button').all()) {
          const { x, width: w } = await box(button);
          expect(x, `at ${width} px a button starts off screen`).toBeGreaterThanOrEqual(0);
          expect(x + w, `at ${width} px a button ends off screen`).toBeLessThanOrEqual(width);
        }
      }
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `at ${width} px the page scrolls sideways`).toBeLessThanOrEqual(width);
    }
  });
});
