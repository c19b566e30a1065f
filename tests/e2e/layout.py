"""What a page's layout hides from its reader, measured in the browser as the page is:

- the page wider than the window (it scrolls sideways);
- an element cut by an ancestor that hides its overflow (a box's title reading "b blications");
- text cut off in a box that hides its overflow or ends it with an ellipsis, unless the box's
  ``title`` holds the whole text (as a picker's chosen value does);
- a control (a link, a button, a field) outside the window, where no box scrolls to it.

A box that scrolls (``overflow: auto``, as a wide table's on a phone) hides nothing: what it
holds is reached by scrolling it. Visually hidden text (the one-pixel box of a screen
reader's label, a skip link placed off the left edge until focused, the text of an icon's
button moved out of its box) is not measured.
"""

from __future__ import annotations

#: Each problem a line: what, where, and the element's tag, id, classes and text.
MEASURE = """() => {
  const problems = [];
  const root = document.documentElement;
  const width = root.clientWidth;
  if (root.scrollWidth > width + 1) {
    problems.push(`the page is ${root.scrollWidth} px wide in a ${width} px window`);
  }
  const describe = e => {
    const classes = [...e.classList].map(c => '.' + c).join('');
    const text = (e.innerText || e.value || e.getAttribute('aria-label') || '')
      .replace(/\\s+/g, ' ').trim().slice(0, 40);
    return `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${classes} "${text}"`;
  };
  const hides = value => value === 'hidden' || value === 'clip';
  const scrolls = value => value === 'auto' || value === 'scroll';
  const shown = (e, box) => {
    if (box.width <= 1 || box.height <= 1) return false;
    const style = getComputedStyle(e);
    return style.visibility !== 'hidden' && style.opacity !== '0';
  };
  const ownText = e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
  const controls = 'a[href], button, input:not([type=hidden]), select, textarea, summary';
  for (const e of document.body.querySelectorAll('*')) {
    const box = e.getBoundingClientRect();
    if (!shown(e, box)) continue;
    const isControl = e.matches(controls);
    if (!isControl && !ownText(e)) continue;
    if (box.right <= 0) continue;  // placed off the left edge on purpose (a skip link)
    let reachable = false, hidden = false;
    for (let up = e.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      const outer = up.getBoundingClientRect();
      if (outer.width <= 1 || outer.height <= 1) { hidden = true; break; }
      if (scrolls(style.overflowX) || scrolls(style.overflowY)) { reachable = true; break; }
      if (hides(style.overflowX) || hides(style.overflowY)) {
        const left = outer.left + up.clientLeft, top = outer.top + up.clientTop;
        const cutX = hides(style.overflowX)
          && (box.left < left - 1 || box.right > left + up.clientWidth + 1);
        const cutY = hides(style.overflowY)
          && (box.top < top - 1 || box.bottom > top + up.clientHeight + 1);
        if (cutX || cutY) {
          problems.push(`cut by ${describe(up)}: ${describe(e)}`);
          hidden = true;
          break;
        }
      }
    }
    if (hidden) continue;
    const style = getComputedStyle(e);
    // Text moved out of its box on purpose, for an icon to show instead (Django's buttons
    // of a "chosen / available" box): read by screen readers, not meant to be seen.
    const replaced = parseFloat(style.textIndent) < -e.clientWidth;
    const cuts = !replaced && (hides(style.overflowX) || style.textOverflow === 'ellipsis');
    if (cuts && ownText(e) && e.scrollWidth > e.clientWidth + 1
        && e.getAttribute('title') !== e.innerText.trim()) {
      problems.push(`text cut off: ${describe(e)}`);
    }
    if (isControl && !reachable && (box.right > innerWidth + 1 || box.left < -1)) {
      problems.push(`outside the window (${Math.round(box.left)}–${Math.round(box.right)} px): ${describe(e)}`);
    }
  }
  return problems;
}"""


def layout_problems(page) -> list[str]:
    """What the layout of the page, as it shows now, hides or pushes out of the window."""
    return page.evaluate(MEASURE)
