"""A table configuration, typed: the ruleset as one casino table plays it.

The casino and table label, the ruleset it runs under, the posted limits, the payout limit, the
dealing method, the seats, the placard's sheet size, the readings the operator chooses, what the
game math flags that the house has accepted, and per
wager the paytable chosen (or the house's own), stakes, the progressive meter (seed, reset, rate),
envy amounts and the figures the house supplies where the rules give none.

:func:`table_config_of` builds it once from a validated configuration document (the operator's
loader does, :func:`lit_compliance.table.config.load_config`). Amounts stay as the file
writes them (``10`` or ``10.5``), so every view prints them as before; each wager choice keeps its
place in the file (:class:`~lit_compliance.model.provenance.Source`).
"""
from __future__ import annotations

from dataclasses import field
from types import MappingProxyType
from typing import Mapping

from .approvals import Approval, approvals_of
from .paytable import Paytable
from .provenance import Source
from .wager import Wager
from ..records import record

DEFAULT_SIGN_SIZE = "letter"
# The sheet sizes a configuration may name: CSS page size, width and height in inches.
SIGN_SIZES = {
    "letter": ("letter", 8.5, 11.0),
    "a4": ("A4", 8.27, 11.69),
    "tabloid": ("11in 17in", 11.0, 17.0),
    "a3": ("A3", 11.69, 16.54),
}


@record
class Figure:
    """A payout the configuration states: ``kind`` (to_one, for_one, fixed_amount, percent_of_meter) and value."""

    kind: str
    value: float

    def as_data(self) -> dict:
        """The figure as a ruleset's payout states it (``{"kind": ..., "value": ...}``)."""
        return {"kind": self.kind, "value": self.value}


@record
class CustomLine:
    """A paytable line the configuration states: a hand (with suits, where it names them) and its payout."""

    hand: str
    suits: tuple[str, ...]
    payout: Figure

    @property
    def key(self) -> tuple:
        """``(hand, suits)``, the way a paytable line is matched."""
        return (self.hand, self.suits)

    def as_data(self) -> dict:
        """The line as a ruleset's paytable line states it (``hand``, ``suits`` where named, ``payout``)."""
        return {"hand": self.hand, **({"suits": list(self.suits)} if self.suits else {}), "payout": self.payout.as_data()}


#: The id a configuration's own (house) paytable carries wherever it is priced or printed.
HOUSE_PAYTABLE = "custom"


@record
class CustomPaytable:
    """The house's own paytable, where the ruleset's paytable is a floor."""

    name: str
    lines: tuple[CustomLine, ...]

    def paytable(self, wager: Wager) -> Paytable:
        """The house paytable as the model prices it (id ``custom``), for ``wager``."""
        return Paytable.from_data({"id": HOUSE_PAYTABLE, "name": self.name,
                                   "lines": [ln.as_data() for ln in self.lines]},
                                  {"id": wager.id, "hand_basis": wager.hand_basis.value})


@record
class MeterSettings:
    """A progressive meter as the table runs it: the amount it starts at, the amount it is reset to
    after a 100% award, and the percentage of each wager added to it."""

    seed: float
    reset: float
    rate_percent: float


@record
class EnvyAmount:
    """An envy bonus amount the table pays for a hand (for a stake, where the ruleset's line names one)."""

    hand: str
    suits: tuple[str, ...]
    stake: float | None
    amount: float


@record
class WagerChoice:
    """One wager the table offers, as the configuration chooses it."""

    wager: str
    index: int                                   # its place in the configuration's list of wagers
    paytable: str | None = None
    custom_paytable: CustomPaytable | None = None
    minimum: float | None = None
    maximum: float | None = None
    progressive: MeterSettings | None = None
    envy: tuple[EnvyAmount, ...] = ()
    supplied_figures: tuple[CustomLine, ...] = ()
    source: Source | None = field(default=None, repr=False, compare=False)

    @property
    def path(self) -> tuple:
        """The path of keys to this entry in the configuration file."""
        return ("wagers", self.index)


@record
class Limits:
    """The posted table limits, each for one of the three equal base bets."""

    minimum: float
    maximum: float


@record
class ConfigModel:
    """A table configuration, typed (as :class:`RulesetModel` types a ruleset): the ruleset as this table plays it."""

    file: str
    config_version: int
    casino: str
    table: str | None
    jurisdiction: str
    ruleset_version: str
    limits: Limits
    payout_limit: float | None
    dealing_method: str | None
    seats: int | None
    sign_size: str
    wagers: tuple[WagerChoice, ...]
    readings: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), compare=False)
    accepted_math_flags: tuple[str, ...] = ()    # what the math flags that the house has accepted, by flag id
    approvals: tuple[Approval, ...] = field(default=(), compare=False)   # approvals on record for the table

    @property
    def ruleset_ref(self) -> str:
        """``JURISDICTION@VERSION`` of the ruleset the table runs under."""
        return f"{self.jurisdiction}@{self.ruleset_version}"

    def wager(self, wager_id: str) -> WagerChoice | None:
        """The table's choice for this wager (None where the table does not offer it)."""
        return next((w for w in self.wagers if w.wager == wager_id), None)

    def supplied(self) -> dict:
        """{(wager, hand, suits): figure} for the figures the table supplies where the rules give none."""
        return {(w.wager, f.hand, f.suits): f.payout for w in self.wagers for f in w.supplied_figures}


def _line(data: Mapping) -> CustomLine:
    p = data["payout"]
    return CustomLine(data["hand"], tuple(data.get("suits") or ()), Figure(p["kind"], p["value"]))


def _choice(data: Mapping, index: int, source: Source | None) -> WagerChoice:
    custom, meter = data.get("custom_paytable"), data.get("progressive")
    return WagerChoice(
        wager=data["wager"], index=index, paytable=data.get("paytable"),
        custom_paytable=None if custom is None else CustomPaytable(custom["name"],
                                                                   tuple(_line(x) for x in custom["lines"])),
        minimum=data.get("minimum"), maximum=data.get("maximum"),
        progressive=None if meter is None else MeterSettings(meter["seed"], meter["reset"], meter["rate_percent"]),
        envy=tuple(EnvyAmount(e["hand"], tuple(e.get("suits") or ()), e.get("stake"), e["amount"])
                   for e in data.get("envy") or ()),
        supplied_figures=tuple(_line(x) for x in data.get("supplied_figures") or ()),
        source=source)


def table_config_of(data: Mapping, file: str = "", locate=None) -> ConfigModel:
    """The typed table configuration of a validated configuration document. ``locate(path)`` gives
    the (line, column) of a path in the file, where known.

    >>> cfg = table_config_of({"config_version": 1, "casino": "C", "jurisdiction": "tribal",
    ...                        "ruleset_version": "v1", "limits": {"minimum": 5, "maximum": 100},
    ...                        "wagers": [{"wager": "base", "paytable": "a"}]})
    >>> (cfg.ruleset_ref, cfg.sign_size, cfg.payout_limit, cfg.wager("base").paytable, cfg.wager("x"))
    ('tribal@v1', 'letter', None, 'a', None)
    """
    def source(path: tuple) -> Source | None:
        return None if locate is None else Source(file, None, path, locate)

    limits = data["limits"]
    return ConfigModel(
        file=file, config_version=data["config_version"], casino=data["casino"], table=data.get("table"),
        jurisdiction=data["jurisdiction"], ruleset_version=data["ruleset_version"],
        limits=Limits(limits["minimum"], limits["maximum"]), payout_limit=data.get("payout_limit"),
        dealing_method=data.get("dealing_method"), seats=data.get("seats"),
        sign_size=data.get("sign_size", DEFAULT_SIGN_SIZE),
        wagers=tuple(_choice(w, i, source(("wagers", i))) for i, w in enumerate(data["wagers"])),
        readings=MappingProxyType(dict(data.get("readings") or {})),
        accepted_math_flags=tuple(data.get("accepted_math_flags") or ()),
        approvals=approvals_of(data.get("approvals") or [], file, ("approvals",),
                               locate or (lambda path: (None, None))))
