"""The public Python API: the few calls a program needs, each returning the engine's own records.

``import lit_compliance`` exposes these names without loading them (see ``lit_compliance/__init__``);
``docs/python-api.md`` walks through the three journeys (regulator diff, operator check, PAR
figures). Every example below runs in the test suite (``tests/test_api_doctests.py``).

    >>> import lit_compliance as lc
    >>> rs = lc.ruleset("maryland")
    >>> rs.ref
    'maryland@v1'
    >>> lc.price(rs, "three-card-bonus", "a").return_to_player
    Fraction(5397, 5525)
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Mapping

from .load.catalogue import Catalogue, Ruleset, resolve_ref
from .load.catalogue import load_ruleset as _load_ruleset
from .model import RulesetModel, model_of

if TYPE_CHECKING:  # the records the calls return, named for type checkers only
    from .gamemath.record import PricedPaytable
    from .operator.checks import Report
    from .table.config import TableConfig
    from .play.round_file import Round
    from .play.settlement import Settlement
    from .regulator.changes import Diff

__all__ = ["catalogue", "check", "diff", "load_config", "load_round", "load_ruleset", "price", "readings",
           "ruleset", "settle"]


def catalogue() -> Catalogue:
    """The bundled catalogue: every version of every jurisdiction, each read when first asked for.

    For example:

        >>> cat = catalogue()
        >>> cat.jurisdictions
        ['maryland', 'massachusetts', 'nsw', 'south-dakota', 'tribal']
        >>> [rs.ref for rs in cat.versions("south-dakota")]
        ['south-dakota@2017-04-17']
    """
    return Catalogue.bundled()


def ruleset(ref: str) -> Ruleset:
    """One ruleset: a jurisdiction (its newest version), ``JURISDICTION@VERSION``, or a ruleset file.

    Raises [`CatalogueError`][lit_compliance.load.catalogue.CatalogueError] for an unknown jurisdiction or
    version, and [`InputError`][lit_compliance.load.strict_yaml.InputError] (with every problem located as
    ``file:line:col: path: message``) for a file that is not a valid ruleset.

        >>> ruleset("tribal@v1").name
        'Tribal gaming code (Section 12)'
    """
    return resolve_ref(ref)


def load_ruleset(path: str | Path) -> Ruleset:
    """A ruleset file outside the catalogue (a draft amendment, say), read and validated.

    For example:

        >>> load_ruleset("examples/maryland-draft-amendment.yaml").ref
        'maryland@draft-1'
    """
    return _load_ruleset(path)


def readings(rs: Ruleset | RulesetModel, choices: Mapping[str, str] | None = None) -> RulesetModel:
    """The ruleset's model with ``choices`` ({finding id: reading id}) in force where its source
    leaves a rule open, and each finding's default reading elsewhere.

        >>> model = readings(ruleset("maryland"), {"md-progressive-b-akq-suit-missing": "of-spades"})
        >>> [r.id for r in model.applied if r.finding == "md-progressive-b-akq-suit-missing"]
        ['of-spades']
        >>> "md-five-card-bonus-two-pair-vs-pair" in [f.id for f in model.open_findings]
        True
    """
    base = rs.ruleset if isinstance(rs, RulesetModel) else rs
    return model_of(base, dict(choices or {}))


def price(rs: Ruleset | RulesetModel, wager: str, paytable: str | None = None) -> PricedPaytable:
    """The exact figures of one paytable of a wager (``paytable`` may be left out only for a wager
    without paytables), under the model's readings: a frozen record (status, house edge, return, hit
    frequency as exact fractions, the readings applied and the figures under each other reading).

        >>> result = price(ruleset("maryland"), "base", "a")
        >>> result.status.value, result.house_edge, f"{float(result.house_edge):.4%}"
        ('exact', Fraction(37963, 1082900), '3.5057%')
    """
    from .gamemath import paytable_result  # lazy: the math loads only when a paytable is priced

    return paytable_result(rs, wager, paytable)


def load_config(path: str | Path) -> TableConfig:
    """A table configuration file (``examples/configs/*.yaml``), read and validated."""
    from .table.config import load_config as load  # lazy: only the operator journey needs it

    return load(path)


def check(config: TableConfig | str | Path) -> Report:
    """Check a table configuration (or its file) against the rules it names; the report lists every
    finding with the citation that decides it (``errors`` make the table non-compliant).

        >>> report = check("examples/configs/maryland.yaml")
        >>> report.compliant
        True
        >>> report = check("examples/configs/noncompliant-maryland.yaml")
        >>> report.compliant, report.errors[0].cite
        (False, 'COMAR 36.05.18.08; COMAR 36.05.18.09; COMAR 36.05.18.10A-G; COMAR 36.05.18.10H')
    """
    from .operator.checks import check as check_config  # lazy: the check loads the math
    from .table.config import ruleset_for  # lazy: as above

    cfg = load_config(config) if isinstance(config, (str, Path)) else config
    return check_config(ruleset_for(cfg), cfg)


def load_round(path: str | Path) -> Round:
    """A round file (``examples/rounds/*``): cards, bets, decisions and side wagers, checked."""
    from .play.round_file import load_round_file  # lazy: only the settlement journey needs it

    return load_round_file(path)


def settle(round_: Round | str | Path) -> Settlement:
    """Settle a round (or a round file): every wager of every seat with its outcome, the amount
    returned, and the paytable line and citation that decided it.

        >>> settlement = settle("examples/rounds/tribal-bonus.yaml")
        >>> [(row.wager, row.bet, row.outcome, int(row.net)) for row in settlement.players[0].rows]
        [('base', 'bet1', 'win', 5000), ('base', 'bet2', 'win', 0), ('base', 'bet3', 'win', 0), ('five-card-bonus', None, 'win', 24999)]
    """
    from .play.settlement import settle as settle_round  # lazy: only the settlement journey needs it

    rnd = load_round(round_) if isinstance(round_, (str, Path)) else round_
    return settle_round(rnd)


def diff(old: Ruleset, new: Ruleset, house_edges: bool = True) -> Diff:
    """Every difference in meaning between two rulesets (two versions, two jurisdictions, or a
    draft against the rules in force), each change with its citations on both sides and, where a
    paytable changed and ``house_edges`` is on, its house edge before and after.

        >>> d = diff(ruleset("maryland"), load_ruleset("examples/maryland-draft-amendment.yaml"), house_edges=False)
        >>> change = d.substantive[1]
        >>> change.path, change.old_text, change.new_text
        (('Three-card bonus', 'Paytable B', 'Straight flush'), '40 to 1', '50 to 1')
    """
    from .regulator.diff import diff_rulesets  # lazy: only the regulator journey needs it

    return diff_rulesets(old, new, house_edges)
