"""axe-core in the browser tests: the serious and critical accessibility violations of what a
page shows now (contrast AA, names, roles, ARIA), with the elements at fault."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import build
from playwright.sync_api import Page

NAMED_BY_PART = {
    '[data-testid^="citizen-"]': ".dr-card-name",
    ".bg-card": ".bg-card-name",
    ".bg-mini": ".bg-mini-name",
    '[data-testid^="space-"]': ".bg-space-num",
}
"""Controls whose face shows more than their name (a card: its value, icons or requirement
pictures, odds; a space: its number, its exchange and the pawns on it), held to WCAG 2.5.3
"label in name" by the part that names them rather than by all their text: the label must
contain that part's text, which is what a speech-input user says to tap it. Any other mismatch,
and this one when the label lacks the name, is reported."""

RUN = """async (namedByPart) => {
  const namedWell = (element) => Object.entries(namedByPart).some(([control, part]) => {
    if (!element || !element.matches(control)) return false;
    const shown = element.querySelector(part);
    const label = element.getAttribute('aria-label') || '';
    return !!shown && shown.textContent.trim() !== '' && label.includes(shown.textContent.trim());
  });
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => {
    const nodes = v.nodes.filter(n => !(v.id === 'label-content-name-mismatch'
      && namedWell(document.querySelector(n.target.join(' ')))));
    return {id: v.id, impact: v.impact, help: v.help, count: nodes.length,
            nodes: nodes.slice(0, 4).map(n => n.target.join(' ') + ' :: '
              + (n.failureSummary || '').split('\\n').slice(1, 2).join(''))};
  }).filter(v => v.count > 0);
}"""


@cache
def axe_path() -> Path:
    return build.axe_script()


def serious_violations(page: Page) -> list[dict[str, Any]]:
    """Violations of impact moderate, serious or critical on the page as it is now (issue 30:
    moderate ones too; only axe's "minor" best practices are left to the notes)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(axe_path()))
    found: list[dict[str, Any]] = page.evaluate(RUN, NAMED_BY_PART)
    return [v for v in found if v["impact"] in ("moderate", "serious", "critical")]
