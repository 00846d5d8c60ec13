"""The gap check: the content words of each requirement (:mod:`.requirements`) must be carried by
what claims it (:mod:`.claims`), so a fact that quotes a requirement and drops part of it from its
value is caught.

The content words of a requirement are, by class:

- **figure**: a number (``10``, ``$25,000``) or a number word (``ten``, ``twice``), compared as digits
  (an ordinal such as ``second`` is carried by a step's place in its list, so it is not one);
- **prohibition**: ``not``, ``no``, ``never``, ``nor``, ``neither`` that forbid (``shall not``,
  ``may not``, ``no person ... may``, ``is not played``; not ``no more than``, nor a condition such
  as ``is not being used``); carried by any word of negation or restriction (``not``, ``no``,
  ``never``, ``false``, ``prohibited``, ``only``, ``without`` ...);
- **actor**: who acts, the subject of a ``shall``, ``must`` or ``may`` (``dealer``, ``player``,
  ``floorperson``, ``facility operator`` ...);
- **document**: a document the rules name (``Rules Submission``, ``internal controls``, ``brochure``,
  ``sign`` ...), or its approval (``approved``);
- **action or quality**: the first content word after each ``shall``, ``must`` or ``may`` (past
  ``not``, ``be``, ``also``, ``then`` and words such as ``of``, ``the``; none where that word is a
  light verb such as ``be played``, ``use``, ``make``, ``comply``, ``permit``, ``be identified as``, whose
  object carries the meaning): what must be done
  (an *action*: ``inspect``, ``turn``, ``be placed``) or what a thing must be (a *quality*, after
  ``be``: ``same`` in ``must be of the same design``, ``equal``).

A word is carried when a word of the claiming facts' values or typed fields (every key and scalar
value under the fact, and the fact's own key, but not its ``quote``, ``cite``, ``finding`` or ``id``)
has the same stem; a finding that also quotes the requirement carries nothing for a fact (it states a
problem, not the rule), but where only findings claim a requirement their text fields carry it; stems are the word lower-cased
without a plural or verb ending, and two stems of five letters or more that share their first five
letters match (``designate`` and ``designation``); an irregular participle is its verb (``dealt``:
``deal``), a compound carries the act it names (``paytable``, ``payout``: ``pay``) and a value that is a
rank symbol carries the rank's name (``A``: ``ace``); the house's names (``casino``, ``licensee``)
are the schema's ``operator``. Not content words: a phrase set off by commas right after a modal
(``shall, beginning with the player ..., ask``: the action is ``ask``), a modal in a subordinate clause
and its subject (``before any other method ... may be utilized``, read as :mod:`.requirements` reads
it), a possessive before a modal's subject (``a player's hand must``), and the figures of a relative
clause that ends at a cross-reference (``each player who has placed three wagers in accordance with
Section 6``: Section 6's facts carry the three). A requirement claimed only as holding no rule, or
by a ``source.clauses.claims`` entry with ``why_not``, has no gap. Every other requirement's
missing words are a gap: ``validate --coverage`` names each with the file, the line of the fact
that claims it, and the words.
"""
from __future__ import annotations

import re

from .claims import Claimed, claims
from .facts import facts
from .requirements import MODALS, _bare, _subordinate
from .ruleset import Ruleset
from ..records import record

NUMBER_WORD_DIGITS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
                      "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "twenty": "20",
                      "thirty": "30", "fifty": "50", "hundred": "100", "thousand": "1000", "twice": "2"}
NEGATIONS = frozenset({"not", "no", "never", "nor", "neither"})
NEGATION_CARRIERS = NEGATIONS | frozenset({"false", "prohibited", "prohibit", "forbidden", "none", "without",
                                           "cannot", "only", "refused", "refuse", "barred", "void", "exempt",
                                           "unplayed"})
ACTORS = frozenset({"dealer", "player", "floorperson", "supervisor", "operator", "licensee", "casino", "employee",
                    "spectator", "person", "commission", "director", "manager", "inspector", "boxperson",
                    "patron", "croupier", "holder"})
DOCUMENTS = frozenset({"submission", "brochure", "publication", "sign", "signage", "controls", "approval",
                       "approved", "plan", "chart", "notice", "placard", "posted"})
PARTICIPLES = frozenset({"paid", "made", "dealt", "met", "held", "kept", "laid", "put", "set", "shown", "seen",
                         "given", "taken", "left", "read", "told", "sold", "bought", "done", "won", "lost", "cut"})
LIGHT_VERBS = frozenset({"make", "made", "use", "used", "met", "observed", "deemed", "required", "considered", "apply",
                         "comply", "constitute", "become", "follows", "played", "discretion", "accordance", "subject",
                         "responsible", "permitted", "include", "includes", "contain", "meet", "subsequently",
                         "available", "established", "located", "identified", "permit", "allow", "choose"})
# "identified as ...": the name carries it; "permit a player to place", "choose to use": the permitted act does
SKIP_AFTER_MODAL = frozenset({"not", "be", "also", "then", "only", "immediately", "have", "been", "either", "times"})
STOP = frozenset("""a an the of to in on at by for from with into onto than as and or but if is are was were be been
being its it his her their them they this that these those each any all every such which who whom whose so
other another shall must may will would can could should do does did has have had there here then also
not under within upon over after before until when where while per via""".split())
ACTION_WINDOW = 5
ACTION_WORDS = 1
_WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?|\$?\d[\d,]*(?:\.\d+)?")


def stem(word: str) -> str:
    """A word lower-cased, without a possessive, plural or verb ending; a number as its digits."""
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    w = w.lstrip("$").replace(",", "")
    if w in NUMBER_WORD_DIGITS:
        return NUMBER_WORD_DIGITS[w]
    w = IRREGULAR.get(SPELLING.get(w, w), SPELLING.get(w, w))
    for suffix in ("ing", "ed", "es", "s"):
        if suffix == "s" and w.endswith(("ss", "us", "is")):
            continue  # "less", "bus", "this": no plural
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)]
            break
    w = w[:-1] if w.endswith("e") and len(w) > 3 else w  # "place", "placed", "places": "plac"; "move(d)": "mov"
    return SYNONYMS.get(w, w)


def _tokens(text: str) -> list[str]:
    return _WORD.findall(text)


@record
class ContentWord:
    word: str     # as printed
    kind: str     # figure | prohibition | actor | document | action | quality


_REF_ITEM = r"(?:[A-Z]\b|[\w.:()\-–—]*\d[\w.:()\-–—]*)"
REFERENCE = re.compile(r"(?:\b(?:Regulations?|COMAR|[Rr]ules?|[Ss]ections?|CMR|ARSD|r)\s+|§§?\s*)" + _REF_ITEM
                       + r"(?:\s*(?:,|and|or|to|-|–|—)\s*" + _REF_ITEM + r")*"
                       r"|\b\d+\s+CMR\s+[\d.]+|\.\d\d\w*(?:\([\w]+\))*|\b\d+(?:[.:-]\w+)+(?:\([\w]+\))*|\([a-z0-9]{1,4}\)")
NAMED = re.compile(r"\b(?:One|Two|Three|Four|Five|Six|Seven|1|3|5|6|2)[ -]+(?:Card|card)\b|\bBet (?:Number|No\.?) ?\w+"
                   r"|\bbet number \w+|“bet number \w+”|\bthree[- ]of[- ]a[- ]kind|\bfour[- ]of[- ]a[- ]kind"
                   r"|\b(?:two|one) pairs?\b|\b4 of a kind|\b3 of a kind", re.I)
RANKS = re.compile(r"\b(?:ace|aces|king|kings|queen|queens|jack|jacks|\d+s)\b", re.I)
SPELLING = {"colour": "color", "centre": "center", "licence": "license"}
IRREGULAR = {"dealt": "deal", "paid": "pay", "held": "hold", "kept": "keep", "laid": "lay", "shown": "show",
             "given": "give", "taken": "take", "lost": "lose", "won": "win", "made": "make", "sold": "sell",
             "told": "tell", "bought": "buy", "seen": "see"}  # irregular participles: the verb they are a form of
SYNONYMS = {"stay": "remain",  # stems the rulesets use for the same act ("stays seated": "remain seated")
            "casino": "operator", "licensee": "operator"}  # the house, by each source's name for it (schema: operator)


# "shall, beginning with the player farthest to the dealer's left, ask": a phrase set off by commas right
# after a modal says how or when; the verb after it is the action
INSERTED = re.compile(r"\b(shall|must|may)\s*,[^,;:]*,")
# "each player who has placed three wagers in accordance with Section 6": a relative clause that ends at a
# cross-reference restates the referenced rule, whose facts carry its figures; the figures are not this one's
RESTATED = re.compile(r"\b(?:who|which|that)\b[^,;:]*?\b(?:in accordance with|as defined in|pursuant to)\s+"
                      r"(?:Regulation|Section|rule|subdivision|§|\([a-z0-9]{1,4}\))", re.I)
NUMERALS = re.compile(r"\b(?:\d+|" + "|".join(NUMBER_WORD_DIGITS) + r")\b", re.I)
# a compound that names a thing by the act it is for carries that act ("paytable", "payout": pay)
COMPOUNDS = {"payout": "pay", "paytabl": "pay", "payoff": "pay"}  # by stem
# a value that is a card's rank symbol carries the rank's name ("A" in a rank order: ace)
RANK_SYMBOLS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten"}


BOUNDS = frozenset({"more", "less", "fewer", "greater", "later", "earlier"})
IS = frozenset({"is", "are"})
CONDITIONS = frozenset({"if", "unless", "when", "whether"})


def _prohibits(lower: list[str], k: int) -> bool:
    """Whether the negation at ``k`` forbids (``shall not``, ``may not``, ``no person ... may``, ``is not
    played``) rather than bounds a figure (``no more than seven``) or states a condition (``if ... is not
    being used``)."""
    after = lower[k + 1] if k + 1 < len(lower) else ""
    if after in BOUNDS or after in ("being", "been"):
        return False
    if any(w in CONDITIONS for w in lower[max(0, k - 10):k]):
        return False  # "if ... are not inscribed": a condition, not a prohibition
    if k and (lower[k - 1] in MODALS or lower[k - 1] in IS):
        return True
    return lower[k] in ("no", "neither", "nor", "never") and any(w in MODALS for w in lower[k + 1:k + 6])


def _main_modals_only(text: str) -> str:
    """``text`` with each modal of a subordinate clause (``before any other method ... may be utilized``,
    ``on which a player may place``) blanked, as :mod:`.requirements` reads them: no predicate, so
    neither its subject nor the verb after it is a content word of the requirement."""
    words = text.split()
    pairs = [(w, 0) for w in words]
    bare = [_bare(w) for w in words]
    preds: list[int] = []
    for k, b in enumerate(bare):
        if b in MODALS:
            if _subordinate(pairs, bare, preds[-1] if preds else -1, k):
                words[k] = "·"
            else:
                preds.append(k)
    return " ".join(words)


def content_words(text: str) -> list[ContentWord]:
    """The content words of a requirement's text, by class, each once, in text order. Cross-references
    (``Regulation .07``, ``§ B``, ``rule 8``), names that hold a number (``Six Card Bonus``, ``Bet
    Number 2``, ``three-of-a-kind``) and, in a text that lists card ranks, the ranks' figures are not
    content words."""
    text = _main_modals_only(text)
    text = INSERTED.sub(r"\1", text)
    text = RESTATED.sub(lambda m: NUMERALS.sub(" ", m.group(0)), text)
    text = NAMED.sub(" ", REFERENCE.sub(" ", text))
    ranks = bool(RANKS.search(text))
    tokens = _tokens(text)
    lower = [t.lower() for t in tokens]
    out: list[ContentWord] = []
    seen: set[tuple[str, str]] = set()

    def add(word: str, kind: str) -> None:
        key = (stem(word) if kind != "prohibition" else "not", kind)
        if key not in seen:
            seen.add(key)
            out.append(ContentWord(word, kind))

    for k, (tok, low) in enumerate(zip(tokens, lower)):
        if tok[0].isdigit() or tok[0] == "$" or low in NUMBER_WORD_DIGITS:
            if not ranks:
                add(tok, "figure")
        elif low in NEGATIONS and _prohibits(lower, k):
            add(tok, "prohibition")
        elif stem(low) in ACTORS and not low.endswith(("'s", "’s")) and any(w in MODALS for w in lower[k + 1:k + 3]):
            add(tok, "actor")  # who acts: the subject of a shall, must or may
        elif stem(low) in DOCUMENTS:
            add(tok, "document")
        if low in MODALS:
            taken, j = 0, k + 1
            passive = "be" in lower[k + 1:k + 3]  # "shall be ...": a quality unless a participle follows
            while j < len(tokens) and j <= k + ACTION_WINDOW and taken < ACTION_WORDS:
                word = lower[j]
                if word in SKIP_AFTER_MODAL or word in STOP:
                    j += 1
                    continue
                if word in LIGHT_VERBS:
                    break  # "shall be played", "may use", "shall comply": the words after carry the meaning
                if not (word[0].isdigit() or word in NEGATIONS or stem(word) in ACTORS or stem(word) in DOCUMENTS
                        or word in NUMBER_WORD_DIGITS):
                    participle = word.endswith(("ed", "en")) or word in PARTICIPLES
                    add(tokens[j], "quality" if passive and not participle else "action")
                taken += 1
                j += 1
    return out


def carried_stems(texts: list[str]) -> set[str]:
    """The stems of every word of ``texts`` (keys split at ``_`` and ``-``)."""
    out = set()
    for text in texts:
        if text in RANK_SYMBOLS:
            out.add(stem(RANK_SYMBOLS[text]))
        for tok in _tokens(text.replace("_", " ").replace("-", " ")):
            s = stem(tok)
            out.add(s)
            if s in COMPOUNDS:
                out.add(stem(COMPOUNDS[s]))
    return out


def carried(word: ContentWord, stems: set[str]) -> bool:
    """Whether ``word`` is carried by a word whose stem is in ``stems`` (a prohibition by any word of
    negation or restriction)."""
    if word.kind == "prohibition":
        return bool(stems & {stem(w) for w in NEGATION_CARRIERS})
    s = stem(word.word)
    if s in stems:
        return True
    return len(s) >= 5 and any(len(c) >= 5 and c[:5] == s[:5] for c in stems)


SKIPPED_KEYS = frozenset({"quote", "cite", "finding", "id"})


def _fact_texts(node, key: str | None) -> list[str]:
    out = [key] if isinstance(key, str) else []

    def walk(value) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                if k in SKIPPED_KEYS:
                    continue
                out.append(str(k))
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, bool):
            out.append("true" if value else "false")
        elif value is not None:
            out.append(str(value))

    walk(node)
    return out


def _finding_texts(finding: dict) -> list[str]:
    return _fact_texts({k: v for k, v in finding.items() if k not in ("readings",)}, None) + [
        str(r) for r in finding.get("readings") or []]


@record
class Gap:
    requirement: str
    text: str
    claimed_by: tuple[str, ...]   # the facts (and findings) that claim it
    line: int                     # the line of the first claiming fact's cite
    missing: tuple[ContentWord, ...]


def gaps(rs: Ruleset, claimed: list[Claimed] | None = None) -> list[Gap]:
    """Every requirement whose content words its claims do not carry."""
    claimed = claims(rs) if claimed is None else claimed
    if not claimed:
        return []
    fact_by_id = {f.id: f for f in facts(rs)}
    finding_by_id = {str(f.get("id")): f for f in rs.data.get("findings") or [] if isinstance(f, dict)}
    cache: dict[str, set[str]] = {}

    def stems_of(kind: str, who: str) -> set[str]:
        key = f"{kind}:{who}"
        if key not in cache:
            if kind == "fact" and who in fact_by_id:
                fact = fact_by_id[who]
                node = rs.data
                for step in fact.path:
                    node = node[step]
                last = fact.path[-1] if fact.path and isinstance(fact.path[-1], str) else None
                cache[key] = carried_stems(_fact_texts(node, last))
            elif kind == "finding" and who in finding_by_id:
                cache[key] = carried_stems(_finding_texts(finding_by_id[who]))
            else:
                cache[key] = set()
        return cache[key]

    out = []
    for c in claimed:
        carriers = [x for x in c.claims if x.kind == "fact"] or [x for x in c.claims if x.kind == "finding"]
        if not carriers or any(x.why_not for x in c.claims):
            continue
        stems: set[str] = set()
        for x in carriers:
            stems |= stems_of(x.kind, x.by)
        missing = tuple(w for w in content_words(c.requirement.text) if not carried(w, stems))
        if missing:
            fact_lines = [fact_by_id[x.by].line for x in carriers if x.kind == "fact" and x.by in fact_by_id]
            out.append(Gap(c.requirement.id, c.requirement.text, tuple(x.by for x in carriers),
                           fact_lines[0] if fact_lines else c.requirement.line, missing))
    return out


__all__ = ["ContentWord", "Gap", "carried", "content_words", "gaps", "stem"]
