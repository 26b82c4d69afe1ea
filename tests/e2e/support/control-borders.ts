/**
 * WCAG 2.2 1.4.11 for form controls, which axe does not check: the boundary of every visible,
 * enabled control (input, select, textarea, checkbox, radio, toggle, file) needs 3:1 against
 * what lies behind it. The boundary is the control's border, or that of the daisyUI box around
 * it (`<label class="input">`); a control filled with a colour of its own (a checked box) may
 * meet it with its fill instead. Colours are read as the browser paints them (a canvas
 * composites each background over the ones beneath, so `color-mix` and alpha count).
 * Checkboxes, radios and file pickers the browser draws itself (no daisyUI class) are left
 * to the browser.
 */
import type { Page } from '@playwright/test';

export const MIN_CONTROL_CONTRAST = 3;

export interface ControlBorder {
  /** How to find the control: tag, type, name or label. */
  control: string;
  contrast: number;
  border: string;
  behind: string;
}

/** Every visible, enabled control whose boundary is under 3:1, with what was measured. */
export function weakControlBorders(page: Page): Promise<ControlBorder[]> {
  return page.evaluate((min) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    /** Paints colours one over another on white and reads the pixel. */
    const paint = (colours: string[]): [number, number, number] => {
      ctx.globalCompositeOperation = 'source-over';
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, 1, 1);
      for (const colour of colours) {
        ctx.fillStyle = colour;
        ctx.fillRect(0, 0, 1, 1);
      }
      const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!];
    };
    const luminance = (rgb: [number, number, number]) => {
      const [r, g, b] = rgb.map((v) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: [number, number, number], b: [number, number, number]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    const hex = (rgb: [number, number, number]) =>
      `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    /** The backgrounds under an element, outermost first. */
    const backgroundsUnder = (element: Element) => {
      const colours: string[] = [];
      for (let e = element.parentElement; e; e = e.parentElement)
        colours.unshift(getComputedStyle(e).backgroundColor);
      return colours;
    };
    const bordered = (element: Element) => {
      const style = getComputedStyle(element);
      return style.borderTopStyle !== 'none' && parseFloat(style.borderTopWidth) > 0;
    };

    const weak = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'input:not([type="hidden"]):not([type="submit"]):not([type="button"]), select, textarea',
    );
    for (const control of controls) {
      if ((control as HTMLInputElement).disabled) continue;
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      // Seen by nobody: visually hidden (sr-only), transparent or not rendered.
      if (box.width <= 2 || box.height <= 2 || style.visibility !== 'visible') continue;
      if (Number(style.opacity) === 0 || control.checkVisibility?.() === false) continue;
      // A box, button or file picker the browser draws itself has no CSS border to read
      // (Chromium's own meet 3:1 in both colour schemes); daisyUI's are drawn with CSS.
      const drawnByBrowser = style.appearance !== 'none' && !bordered(control);
      if (
        drawnByBrowser &&
        /^(checkbox|radio|file|range|color)$/.test(control.getAttribute('type') ?? '')
      )
        continue;

      const boundary = bordered(control)
        ? control
        : (control.closest('.input, .select, .textarea, .file-input') ?? control);
      const under = backgroundsUnder(boundary);
      const behind = paint(under);
      const boundaryStyle = getComputedStyle(boundary);
      const border = paint([...under, boundaryStyle.borderTopColor]);
      const fill = paint([...under, boundaryStyle.backgroundColor]);
      const best = Math.max(
        bordered(boundary) ? contrast(border, behind) : 1,
        contrast(fill, behind),
      );
      if (best >= min) continue;
      const label =
        control.getAttribute('aria-label') ??
        (control.id ? document.querySelector(`label[for="${control.id}"]`)?.textContent : null) ??
        control.getAttribute('name') ??
        '';
      weak.push({
        control: `${control.tagName.toLowerCase()}${control.getAttribute('type') ? `[type=${control.getAttribute('type')}]` : ''} "${label.trim()}"`,
        contrast: Math.round(best * 100) / 100,
        border: hex(border),
        behind: hex(behind),
      });
    }
    return weak;
  }, MIN_CONTROL_CONTRAST);
}
