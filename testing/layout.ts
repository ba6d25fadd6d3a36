import type { Locator, Page } from 'playwright-core';

/**
 * Placeholders wider than their field (cut off), as "placeholder (text px > room px)": plain
 * inputs and antd selects. Measured with the field's own font.
 */
export function cutPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // (no named helpers in here: the test runner's transform would wrap them in a helper the page lacks)
    const canvas = document.createElement('canvas').getContext('2d')!;
    const cut: string[] = [];
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (!input.placeholder || input.getClientRects().length === 0) continue;
      const style = getComputedStyle(input);
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      canvas.font = style.font;
      const text = canvas.measureText(input.placeholder).width;
      if (text > room) cut.push(`${input.placeholder} (${Math.round(text)} px > ${Math.round(room)} px)`);
    }
    for (const span of document.querySelectorAll<HTMLElement>(
      '.ant-select-placeholder, .ant-select-selection-placeholder',
    )) {
      if (span.getClientRects().length === 0) continue;
      if (span.scrollWidth > span.clientWidth)
        cut.push(`${span.textContent} (${span.scrollWidth} px > ${span.clientWidth} px)`);
    }
    return cut;
  });
}

/** Elements matching `selector` that stick out of their closest `container` on the right. */
export function overflowingIn(page: Page, selector: string, container: string): Promise<string[]> {
  return page.evaluate(
    ([sel, box]) =>
      [...document.querySelectorAll(sel)]
        .filter((el) => {
          const outer = el.closest(box);
          return outer && el.getBoundingClientRect().right > outer.getBoundingClientRect().right + 0.5;
        })
        .map((el) => el.textContent ?? ''),
    [selector, container] as const,
  );
}

/**
 * Texts cut off with an ellipsis (`text-overflow: ellipsis`, wider than their box), as
 * "text (text px > room px)": a card title squeezed by its header's controls reads "N…".
 */
export function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter(
        (el) =>
          el.getClientRects().length > 0 &&
          getComputedStyle(el).textOverflow === 'ellipsis' &&
          el.scrollWidth > el.clientWidth + 1,
      )
      .map((el) => `${el.textContent} (${el.scrollWidth} px > ${el.clientWidth} px)`),
  );
}

/**
 * When the page is wider than the screen (it scrolls sideways), the visible elements that stick
 * out on the right, as "tag text (right edge px > screen px)"; empty when the page fits.
 */
export function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const screen = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= screen) return [];
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().right > screen + 0.5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim().slice(0, 40)} (${Math.round(el.getBoundingClientRect().right)} px > ${screen} px)`,
      );
  });
}

/** How many lines the text of each of `elements` takes. */
export const linesOf = (elements: Locator): Promise<number[]> =>
  elements.evaluateAll((els) =>
    els.map((el) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      return tops.size;
    }),
  );

/**
 * The words (runs of text between spaces) of the text of each element matching `selector` that a
 * line break splits, e.g. a group of a key broken in its middle ("4F / 0A"), or a request id at
 * its hyphen ("test-" / "aec"). Compares each character's line; each element's text apart.
 */
export function wordsSplitAcrossLines(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const range = document.createRange();
    const split: string[] = [];
    const elements = document.querySelectorAll(sel);
    // a selector that matches nothing would pass every page: the check must see what it checks
    if (elements.length === 0) throw new Error(`wordsSplitAcrossLines: nothing matches ${sel}`);
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const chars: { char: string; top: number }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          chars.push({ char: text[i]!, top: Math.round(range.getBoundingClientRect().top) });
        }
      }
      let word = '';
      let lines = new Set<number>();
      for (const { char, top } of [...chars, { char: ' ', top: 0 }]) {
        if (/\s/.test(char)) {
          if (lines.size > 1) split.push(word);
          word = '';
          lines = new Set();
        } else {
          word += char;
          lines.add(top);
        }
      }
    }
    return split;
  }, selector);
}

/**
 * The texts whose mark (`markSelector`, e.g. a required field's "*") a line break left alone at
 * the start of a line, apart from the last word before it; as that text.
 */
export function marksAlone(page: Page, markSelector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const range = document.createRange();
    return [...document.querySelectorAll<HTMLElement>(sel)]
      .filter((mark) => {
        if (mark.getClientRects().length === 0) return false;
        // the text node before the mark with a character in it (React may render the space apart)
        let before = mark.previousSibling;
        while (before && before.nodeType === Node.TEXT_NODE && !before.textContent!.trim())
          before = before.previousSibling;
        const text = (before?.textContent ?? '').trimEnd();
        if (!before || before.nodeType !== Node.TEXT_NODE || !text) return false;
        range.setStart(before, text.length - 1);
        range.setEnd(before, text.length);
        return Math.abs(range.getBoundingClientRect().top - mark.getBoundingClientRect().top) > 2;
      })
      .map((mark) => mark.parentElement!.textContent ?? '');
  }, markSelector);
}

/**
 * The texts whose mark (`markSelector`, e.g. a title's icon) does not stand beside the first line
 * of the text around it (its parent's), e.g. an icon between the two lines of a wrapped title.
 */
export function marksOffFirstLine(page: Page, markSelector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    return [...document.querySelectorAll<HTMLElement>(sel)]
      .filter((mark) => {
        if (mark.getClientRects().length === 0) return false;
        const walker = document.createTreeWalker(mark.parentElement!, NodeFilter.SHOW_TEXT);
        let text = walker.nextNode();
        while (text && (mark.contains(text) || !text.textContent!.trim())) text = walker.nextNode();
        if (!text) return false;
        const range = document.createRange();
        range.selectNodeContents(text);
        const line = range.getClientRects()[0]!;
        const box = mark.getBoundingClientRect();
        const middle = (box.top + box.bottom) / 2;
        return middle < line.top || middle > line.bottom;
      })
      .map((mark) => mark.parentElement!.textContent ?? '');
  }, markSelector);
}

/**
 * The lines of `textSelector`'s text that run under the element `coverSelector` (a dialog's
 * title under its close button), as "left-right px".
 */
export function linesUnder(page: Page, textSelector: string, coverSelector: string): Promise<string[]> {
  return page.evaluate(
    ([textSel, coverSel]) => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector(textSel)!);
      const cover = document.querySelector(coverSel)!.getBoundingClientRect();
      return [...range.getClientRects()]
        .filter(
          (line) =>
            line.width > 0 &&
            line.right > cover.left + 0.5 &&
            line.left < cover.right &&
            line.bottom > cover.top &&
            line.top < cover.bottom,
        )
        .map((line) => `${Math.round(line.left)}-${Math.round(line.right)} px`);
    },
    [textSelector, coverSelector] as const,
  );
}

/**
 * Elements matching `selector` that stick out of the content box of their closest `container`
 * (into its padding or beyond) on the left or the right, as "text (left-right px, room
 * left-right px)".
 */
export function outsideContentBox(page: Page, selector: string, container: string): Promise<string[]> {
  return page.evaluate(
    ([sel, box]) =>
      [...document.querySelectorAll<HTMLElement>(sel)].flatMap((el) => {
        const outer = el.closest(box);
        if (!outer || el.getClientRects().length === 0) return [];
        const style = getComputedStyle(outer);
        const o = outer.getBoundingClientRect();
        const left = o.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
        const right = o.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
        const r = el.getBoundingClientRect();
        return r.left < left - 0.5 || r.right > right + 0.5
          ? [
              `${el.textContent} (${Math.round(r.left)}-${Math.round(r.right)} px, room ${Math.round(left)}-${Math.round(right)} px)`,
            ]
          : [];
      }),
    [selector, container] as const,
  );
}

/**
 * The empty height, in px, from the bottom of the first visible `upper` (an app bar) down to the
 * top of the highest visible `lower` (a list's filters or buttons): an empty toolbar between them
 * shows as a band of blank page.
 */
export function gapBelow(page: Page, upper: string, lower: string): Promise<number> {
  return page.evaluate(
    ([up, low]) => {
      const bottom = [...document.querySelectorAll(up)]
        .find((el) => el.getClientRects().length > 0)!
        .getBoundingClientRect().bottom;
      const top = Math.min(
        ...[...document.querySelectorAll(low)]
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => el.getBoundingClientRect().top),
      );
      return Math.round(top - bottom);
    },
    [upper, lower] as const,
  );
}

/**
 * The visible elements matching `selector` whose text does not fit their box (cut off on the
 * right, with or without "…", or below when it wraps), as "text (text w×h px > box w×h px)".
 */
export function clippedTexts(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    (sel) =>
      [...document.querySelectorAll<HTMLElement>(sel)]
        .filter(
          (el) =>
            el.getClientRects().length > 0 &&
            (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1),
        )
        .map(
          (el) =>
            `${el.textContent} (${el.scrollWidth}×${el.scrollHeight} px > ${el.clientWidth}×${el.clientHeight} px)`,
        ),
    selector,
  );
}

/**
 * The pairs of visible elements among those matching `selectors` (in document order) whose boxes
 * overlap, as "text A × text B": an app bar's title run under the console's name or a button.
 */
export function overlappingBoxes(page: Page, selectors: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const boxes = [...document.querySelectorAll<HTMLElement>(sel)]
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => ({ text: el.textContent ?? '', box: el.getBoundingClientRect() }));
    return boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter(
          ({ box: b }) =>
            a.box.left < b.right - 0.5 &&
            b.left < a.box.right - 0.5 &&
            a.box.top < b.bottom - 0.5 &&
            b.top < a.box.bottom - 0.5,
        )
        .map((b) => `${a.text} × ${b.text}`),
    );
  }, selectors);
}

/**
 * Boxes matching `selector` (cards) with more than `slack` px of empty space below their content,
 * as "first line of text: N px", unless a box beside them ends at the same height with its own
 * content (a row of cards shares the tallest one's height). A box's content is its first child
 * (a card's content area), whose own bottom padding is not counted as empty.
 */
export function emptyBelowContent(page: Page, selector: string, slack: number): Promise<string[]> {
  return page.evaluate(
    ([sel, most]) => {
      const boxes = [...document.querySelectorAll<HTMLElement>(sel)].filter(
        (el) => el.getClientRects().length > 0,
      );
      const empty = boxes.map((el) => {
        const inner = el.firstElementChild as HTMLElement | null;
        const last = inner?.lastElementChild;
        if (!inner || !last) return 0;
        return (
          el.getBoundingClientRect().bottom -
          last.getBoundingClientRect().bottom -
          parseFloat(getComputedStyle(inner).paddingBottom) -
          parseFloat(getComputedStyle(el).borderBottomWidth)
        );
      });
      return boxes.flatMap((el, i) => {
        if (empty[i] <= most) return [];
        const bottom = el.getBoundingClientRect().bottom;
        const sharesRow = boxes.some(
          (other, k) =>
            k !== i && empty[k] <= most && Math.abs(other.getBoundingClientRect().bottom - bottom) < 1,
        );
        return sharesRow ? [] : [`${(el.innerText ?? '').split('\n')[0]}: ${Math.round(empty[i])} px`];
      });
    },
    [selector, slack] as const,
  );
}

/**
 * The visible antd buttons that stick out of the screen on either side, or whose label or icon
 * sticks out of the button's content box (a label kept on one line runs into its button's padding
 * or past its edge), as "label (what)".
 */
export function buttonsOutside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const screen = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>('.ant-btn')].flatMap((button) => {
      if (button.getClientRects().length === 0) return [];
      const b = button.getBoundingClientRect();
      const style = getComputedStyle(button);
      const left = b.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
      const right = b.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
      const name = (button.textContent || button.getAttribute('aria-label') || '').trim();
      const found: string[] = [];
      if (b.left < -0.5 || b.right > screen + 0.5)
        found.push(`${name} (${Math.round(b.left)}-${Math.round(b.right)} px, screen 0-${screen} px)`);
      for (const part of button.querySelectorAll<HTMLElement>(':scope > span')) {
        if (part.getClientRects().length === 0) continue;
        // the text itself: a label kept on one line overflows its span, which flex has shrunk
        const range = document.createRange();
        range.selectNodeContents(part);
        const p = range.getBoundingClientRect();
        if (p.left < left - 0.5 || p.right > right + 0.5 || p.top < b.top - 0.5 || p.bottom > b.bottom + 0.5)
          found.push(`${name} (its ${part.textContent ? 'label' : 'icon'} outside the button)`);
      }
      return found;
    });
  });
}
