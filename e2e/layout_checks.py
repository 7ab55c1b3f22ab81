"""Layout checks a player would notice: controls on top of each other, a page that scrolls
sideways, targets too small for a finger, text too small to read, a control cut off by its
container or by its own text spilling out, a word broken in the middle by the end of a line.

Why measured in the page (``getBoundingClientRect``, ``getComputedStyle``) and not in
screenshots: the numbers say which element is wrong and by how much, and they do not change
with fonts or antialiasing. Everything is clipped by its scrolling ancestors first, so a control
scrolled out of its panel neither counts as visible nor "overlaps" what lies beside that panel,
and the part of a control scrolled under a sticky bar of its own scroll container (a dialog's
Close bar) is hidden by the bar, not on top of the bar's buttons.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from .conftest import ROOT

SCREENSHOTS = ROOT / "dist" / "screenshots"
"""Where each checked screen is saved (a CI artifact, never committed)."""

MIN_TARGET = 44.0
MIN_TEXT = 12.0

LINE_OF = """
  // The line of the letter at ``at`` in text node ``node``: the top of its last box (a letter
  // just after a soft hyphen that broke the line reports the hyphen drawn at the end of the line
  // before first).
  const range = document.createRange();
  const lineOf = (node, at) => {
    range.setStart(node, at);
    range.setEnd(node, at + 1);
    const boxes = range.getClientRects();
    return boxes.length ? Math.round(boxes[boxes.length - 1].top) : null;
  };
"""
"""JavaScript declaring ``lineOf(node, at)``, shared by the checks that find words broken
mid-word."""

MEASURE = """() => {
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const INTERACTIVE = 'button, a[href], input:not([type=hidden]), select, textarea, summary, '
    + '[role=button], [tabindex]:not([tabindex="-1"])';
  const name = el => {
    const id = el.dataset && el.dataset.testid;
    const text = (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${id ? '[' + id + ']' : ''} "${text}"`;
  };
  // The part of el's box inside every ancestor that clips (overflow other than visible).
  const clipped = el => {
    const r = el.getBoundingClientRect();
    let box = {l: r.left, t: r.top, r: r.right, b: r.bottom};
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') {
        const ar = a.getBoundingClientRect();
        box = {l: Math.max(box.l, ar.left), t: Math.max(box.t, ar.top),
               r: Math.min(box.r, ar.right), b: Math.min(box.b, ar.bottom)};
      }
    }
    return box;
  };
  const inView = box => ({l: Math.max(box.l, 0), t: Math.max(box.t, 0),
                         r: Math.min(box.r, vw), b: Math.min(box.b, vh)});
  const area = box => Math.max(0, box.r - box.l) * Math.max(0, box.b - box.t);
  const shown = el => el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})
    && !el.closest('.visually-hidden, [inert]');
  // A modal dialog makes the rest of the page inert: only what is in it can be touched.
  const modal = [...document.querySelectorAll('dialog[open]')].find(d => d.matches(':modal'));
  const scope = modal || document;
  const problems = {overlap: [], sideways: [], small: [], text: [], cut: [], split: []};
  // A word the line broke inside ("Gassenju / nge"): its first and last letters lie on different
  // lines.
""" + LINE_OF + """  const splitWords = node => {
    const found = [];
    for (const match of node.textContent.matchAll(/[^\\s\\u00ad\\u2010-\\u2014-]{2,}/g)) {
      const first = lineOf(node, match.index);
      const last = lineOf(node, match.index + match[0].length - 1);
      if (first !== null && last !== null && first !== last) found.push(match[0]);
    }
    return found;
  };
  // Cut off: part of a control hidden by an ancestor that hides overflow without scrolling
  // (what scrolls can be reached; what is clipped cannot), or its own text spilling out.
  const cutOff = el => {
    const r = el.getBoundingClientRect();
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const x = getComputedStyle(a).overflowX;
      if (x === 'hidden' || x === 'clip') {
        const ar = a.getBoundingClientRect();
        if (r.right > ar.right + 1 || r.left < ar.left - 1) return 'clipped by its container';
      }
    }
    const own = getComputedStyle(el);
    if (own.overflowX === 'visible' && el.scrollWidth > el.clientWidth + 1) {
      return `text ${el.scrollWidth}px wide in ${el.clientWidth}px`;
    }
    return '';
  };
  if (document.documentElement.scrollWidth > vw + 1) {
    problems.sideways.push(`the page is ${document.documentElement.scrollWidth}px wide in ${vw}px`);
  }
  // A sticky bar that is stuck (the top bar over a scrolled page, a dialog's Close bar held at
  // its foot) hides what its scroll container scrolls under it: that part of a control is out of
  // sight, not under a finger beside the bar's own buttons. Stuck: away from where it would stand
  // in the flow (position: static puts it there, and nothing else moves).
  const scroller = el => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowY !== 'visible' || cs.overflowX !== 'visible') return a;
    }
    return document.scrollingElement;
  };
  const stuck = bar => {
    const held = bar.getBoundingClientRect();
    const style = bar.style.position;
    bar.style.position = 'static';
    const flow = bar.getBoundingClientRect();
    bar.style.position = style;
    return Math.abs(held.top - flow.top) > 0.5 || Math.abs(held.left - flow.left) > 0.5;
  };
  const bars = [...document.querySelectorAll('*')].filter(
    bar => getComputedStyle(bar).position === 'sticky' && shown(bar) && stuck(bar));
  const uncovered = (el, box) => {
    for (const bar of bars) {
      if (bar.contains(el) || scroller(bar) !== scroller(el)) continue;
      const r = bar.getBoundingClientRect();
      if (r.left > box.l + 1 || r.right < box.r - 1) continue;  // not across the whole control
      if (r.top <= box.t && r.bottom > box.t) box = {...box, t: Math.min(box.b, r.bottom)};
      else if (r.bottom >= box.b && r.top < box.b) box = {...box, b: Math.max(box.t, r.top)};
    }
    return box;
  };
  const controls = [];
  for (const el of scope.querySelectorAll(INTERACTIVE)) {
    if (!shown(el)) continue;
    const box = uncovered(el, clipped(el));
    const seen = inView(box);
    if (area(seen) < 1) continue;
    controls.push([el, seen]);
    const cut = cutOff(el);
    if (cut) problems.cut.push(`${name(el)}: ${cut}`);
    const r = el.getBoundingClientRect();
    if (r.width < 44 - 0.5 || r.height < 44 - 0.5) {
      problems.small.push(`${name(el)} is ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
    }
  }
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const [a, ra] = controls[i], [b, rb] = controls[j];
      if (a.contains(b) || b.contains(a)) continue;
      const both = {l: Math.max(ra.l, rb.l), t: Math.max(ra.t, rb.t),
                    r: Math.min(ra.r, rb.r), b: Math.min(ra.b, rb.b)};
      if (both.r - both.l > 1 && both.b - both.t > 1) {
        problems.overlap.push(`${name(a)} and ${name(b)}`);
      }
    }
  }
  for (const el of document.body.querySelectorAll('*')) {
    if (!shown(el) || el.closest('svg')) continue;
    const own = [...el.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim());
    // a broken word is looked for down the whole page, not only in view: it is the same
    // defect a scroll away
    for (const node of own) {
      for (const word of splitWords(node)) problems.split.push(`${name(el)}: "${word}"`);
    }
    const box = clipped(el);
    if (area(inView(box)) < 1) continue;
    if (box.l < -1 || box.r > vw + 1) {
      problems.sideways.push(`${name(el)} spans ${box.l.toFixed(0)}..${box.r.toFixed(0)}`);
    }
    if (own.length) {
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < 12 - 0.05) problems.text.push(`${name(el)} at ${size}px`);
    }
  }
  return problems;
}"""


@dataclass
class Report:
    overlap: list[str]
    sideways: list[str]
    small: list[str]
    text: list[str]
    cut: list[str]
    split: list[str]
    """Words broken mid-word at a line's end, anywhere on the page (the rest: in view)."""

    def failures(self) -> dict[str, list[str]]:
        return {k: v for k, v in vars(self).items() if v}


def measure(page: Page) -> Report:
    """The six checks on what is on screen now."""
    found: dict[str, Any] = page.evaluate(MEASURE)
    return Report(**found)


def screenshot(page: Page, name: str) -> Path:
    """Save the viewport as ``dist/screenshots/<name>.png`` (to look at, not to compare)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


PINCH_BLOCKERS = """() => {
  const found = [];
  const meta = document.querySelector('meta[name=viewport]');
  const content = meta ? meta.content : '';
  if (/user-scalable\\s*=\\s*(no|0)|maximum-scale\\s*=\\s*1(\\.0*)?(\\s|,|$)/.test(content)) {
    found.push(`viewport: ${content}`);
  }
  // touch-action is intersected down the tree: one element without pinch-zoom blocks it there.
  for (const el of document.body.querySelectorAll('*')) {
    const action = getComputedStyle(el).touchAction;
    if (!['auto', 'manipulation'].includes(action) && !action.includes('pinch-zoom')) {
      found.push(`${el.tagName.toLowerCase()}.${el.className} touch-action: ${action}`);
    }
  }
  return found;
}"""


def pinch_zoom_blockers(page: Page) -> list[str]:
    """What would stop a two-finger zoom on a phone (issue 13: "pinch/zoom ... on small
    screens"): a viewport that forbids scaling, or an element whose touch-action leaves out
    pinch-zoom. Empty when the browser's own pinch-zoom works everywhere."""
    found: list[str] = page.evaluate(PINCH_BLOCKERS)
    return found
