"""What the tests range over, derived from what ships: the jurisdictions of the bundled catalogue and
the example configurations, so a sixth jurisdiction or a new example is tested without editing a
list. The one place the five are typed out is ``test_catalogue.py``, which checks that the
catalogue holds exactly them."""
from __future__ import annotations

from pathlib import Path

from lit_compliance.load.catalogue import Catalogue

ROOT = Path(__file__).resolve().parent.parent
JURISDICTIONS: tuple[str, ...] = tuple(Catalogue.bundled().jurisdictions)
# Every jurisdiction has a compliant example configuration named after it (examples/configs/ID.yaml).
COMPLIANT: tuple[str, ...] = tuple(j for j in JURISDICTIONS if (ROOT / "examples" / "configs" / f"{j}.yaml").is_file())
