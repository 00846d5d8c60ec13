"""Former home of the vocabulary, now :mod:`lit_compliance.model.vocabulary` (beside the model, so
the engine and the views may use it).

Kept as a re-export only for modules on other branches that still import it from here
(gamemath/par.py, operator/compliance.py, report/site.py); the integrator retargets them and
deletes this file.
"""
from ..model.vocabulary import HAND_NAMES, cents, flag_text, hand_name, ids, money, number, odds, percent, prose_list

__all__ = ["HAND_NAMES", "cents", "flag_text", "hand_name", "ids", "money", "number", "odds", "percent", "prose_list"]
