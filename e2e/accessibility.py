"""axe-core in the browser tests: the serious and critical accessibility violations of what a
page shows now (contrast AA, names, roles, ARIA), with the elements at fault."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import build
from playwright.sync_api import Page

RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '')
                                                     .split('\\n').slice(1, 2).join(''))}));
}"""


@cache
def axe_path() -> Path:
    return build.axe_script()


def serious_violations(page: Page) -> list[dict[str, Any]]:
    """Violations of impact serious or critical on the page as it is now."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(axe_path()))
    found: list[dict[str, Any]] = page.evaluate(RUN)
    return [v for v in found if v["impact"] in ("serious", "critical")]
