"""The model: one typed, read-only meaning of a ruleset that every stage reads.

- :mod:`.enums`: the schema's closed vocabularies; :mod:`.provenance`: citations, finding ids, positions;
- :mod:`.payout`: what a figure pays for a stake (and a meter); exact money;
- :mod:`.paytable`: lines, and which line a hand pays; :mod:`.wager`: stakes and hand basis;
- :mod:`.header`: jurisdiction, version and source text of a ruleset;
- :mod:`.readings`: the meanings a ruleset allows where its source is open;
- :mod:`.ruleset`: the model of a whole ruleset under a choice of readings.
"""
from .enums import FindingKind, HandBasis, PayoutKind, SelectionRule, VoidWagers, WagerKind
from .header import Header, header_of
from .payout import Payout, exact
from .paytable import Line, Paytable, first_line
from .provenance import Source, finding_id_tuple
from .readings import Reading, ReadingError
from .ruleset import Finding, Irregularity, PayoutLimit, RulesetModel, RulesetOrModel, as_printed, model_of
from .wager import Envy, Meter, Wager

__all__ = ["FindingKind", "HandBasis", "PayoutKind", "SelectionRule", "VoidWagers", "WagerKind", "Payout",
           "exact", "Header", "header_of", "Line", "Paytable", "first_line", "Source", "finding_id_tuple", "Reading", "ReadingError",
           "Finding", "Irregularity", "PayoutLimit", "RulesetModel", "RulesetOrModel", "as_printed", "model_of", "Envy", "Meter", "Wager"]
